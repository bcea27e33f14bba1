"""A aplicação registra só os fatos da comissão (integrantes com gênero e cor, presença, votos,
abstenções, recusas, recursos); a composição, o resultado e o recurso são decididos pelo motor
pela regra da lei do certame, com os artigos dela. A lei aqui é a regra da comissão de Ouro
Preto/MG (6 membros, metade negros ou pardos, 75% dos membros), posta no certame do exemplo."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.comissao.models import Convocacao, Voto
from cotas_web.comissao.selectors import aviso_distribuicao
from cotas_web.comissao.services import (
    candidatos_convocar,
    membro_adicionar,
    recurso_interpor,
    sessao_criar,
    verificacao_registrar,
)
from cotas_web.ponte import leis
from tests.motor.test_comissao_como_dado import comissao_ouro_preto

from .conftest import entrar

pytestmark = pytest.mark.django_db

COM_METADE = ("preta", "parda", "parda", "branca", "branca", "amarela")
SEM_METADE = ("preta", "parda", "branca", "branca", "branca", "amarela")


@pytest.fixture
def regra_ouro_preto(monkeypatch: Any) -> Any:
    original = leis.regras_do_certame
    regra = comissao_ouro_preto()

    def regras(certame: Any) -> Any:
        return replace(original(certame), comissao=regra)

    monkeypatch.setattr(leis, "regras_do_certame", regras)
    return regra


def _sessao(certame: Any, rita: Any, carlos: Any, cores: tuple[str, ...]) -> Any:
    for i, cor in enumerate(cores):
        membro_adicionar(
            usuario=rita,
            certame=certame,
            nome=f"Membro {i + 1}",
            genero=("feminino", "masculino")[i % 2],
            cor_raca=cor,
            usuario_membro=carlos if i == 0 else None,
        )
    s = sessao_criar(usuario=carlos, certame=certame, data=date(2025, 7, 20), local="Câmara")
    candidatos_convocar(usuario=carlos, sessao=s)
    return s


def _votar(certame: Any, carlos: Any, inscricao: str, sim: int, **mais: Any) -> Convocacao:
    membros = list(certame.membros_comissao.all())
    conv = Convocacao.objects.get(candidato__inscricao=inscricao)
    verificacao_registrar(
        usuario=carlos,
        convocacao=conv,
        compareceu=True,
        votos={m.pk: i < sim for i, m in enumerate(membros)},
        **mais,
    )
    conv.refresh_from_db()
    return conv


def test_75_por_cento_dos_membros_4_de_6_nao_bastam_5_bastam(
    regra_ouro_preto: Any, certame_com_candidatos: Any, rita: Any, carlos: Any
) -> None:
    c = certame_com_candidatos
    _sessao(c, rita, carlos, COM_METADE)
    assert _votar(c, carlos, "1002", sim=4).resultado == "nao_confirmado"
    assert _votar(c, carlos, "1006", sim=5).resultado == "confirmado"
    registros = Registro.objects.filter(acao="comissao_verificacao").order_by("pk")
    nao, sim = (r for r in registros)
    assert "4 de 6 membros" in nao.descricao and "75% dos membros" in nao.descricao
    assert "Lei 1.274/2022 de Ouro Preto/MG, art. 1º, § 3º" in nao.fundamento
    assert "5 de 6 membros" in sim.descricao


def test_comissao_sem_metade_negros_ou_pardos_nao_vota_e_nada_e_gravado(
    regra_ouro_preto: Any, certame_com_candidatos: Any, rita: Any, carlos: Any
) -> None:
    c = certame_com_candidatos
    _sessao(c, rita, carlos, SEM_METADE)
    aviso = aviso_distribuicao(certame=c)
    assert "pelo menos 3 de 6" in aviso and "art. 1º, § 2º" in aviso
    with pytest.raises(ValidationError) as erro:
        _votar(c, carlos, "1002", sim=6)
    assert "tem 2" in str(erro.value) and "art. 1º, § 2º" in str(erro.value)
    conv = Convocacao.objects.get(candidato__inscricao="1002")
    assert conv.resultado == "" and not Voto.objects.exists()
    assert not Registro.objects.filter(acao="comissao_verificacao").exists()


def test_ausencia_e_abstencao_sao_fatos_registrados_e_contados_pela_lei(
    regra_ouro_preto: Any, certame_com_candidatos: Any, rita: Any, carlos: Any, client: Any
) -> None:
    """Sobre os membros (a lei de Ouro Preto), 5 presentes que reconhecem bastam; 4 que
    reconhecem, um ausente e uma abstenção não."""
    c = certame_com_candidatos
    s = _sessao(c, rita, carlos, COM_METADE)
    m = list(c.membros_comissao.all())
    conv = Convocacao.objects.get(candidato__inscricao="1002")
    votos = {x.pk: True for x in m[:4]} | {m[4].pk: None}
    verificacao_registrar(
        usuario=carlos, convocacao=conv, compareceu=True, votos=votos, ausentes=[m[5].pk]
    )
    conv.refresh_from_db()
    assert conv.resultado == "nao_confirmado"
    rotulos = {v.membro.nome: v.rotulo for v in conv.votos.select_related("membro")}
    assert rotulos["Membro 5"] == "absteve-se" and rotulos["Membro 6"] == "ausente"
    # sem o fato de um integrante, nada se supõe
    outro = Convocacao.objects.get(candidato__inscricao="1006")
    with pytest.raises(ValidationError, match="Falta o voto \\(ou a ausência\\) de: Membro 6"):
        verificacao_registrar(
            usuario=carlos,
            convocacao=outro,
            compareceu=True,
            votos={x.pk: True for x in m[:5]},
        )
    entrar(client, carlos)
    ata = client.get(reverse("comissao:ata", args=[c.pk, s.pk])).content.decode()
    assert "pelo menos 75% dos membros da comissão (art. 1º, § 3º)" in ata
    assert "absteve-se" in ata and "ausente" in ata


def test_formulario_registra_ausente_e_abstencao(
    regra_ouro_preto: Any, certame_com_candidatos: Any, rita: Any, carlos: Any, client: Any
) -> None:
    c = certame_com_candidatos
    _sessao(c, rita, carlos, COM_METADE)
    m = list(c.membros_comissao.all())
    conv = Convocacao.objects.get(candidato__inscricao="1002")
    entrar(client, carlos)
    url = reverse("comissao:verificacao", args=[c.pk, conv.pk])
    tela = client.get(url).content.decode()
    assert "pelo menos 75% dos membros da comissão" in tela and "art. 1º, § 3º" in tela
    dados = {"compareceu": "on"} | {f"voto_{x.pk}": "sim" for x in m[:5]}
    dados[f"voto_{m[5].pk}"] = "ausente"
    client.post(url, dados)
    conv.refresh_from_db()
    assert conv.resultado == "confirmado"
    assert conv.votos.get(membro=m[5]).presente is False


def test_recurso_de_quem_a_lei_nao_admite_ou_fora_do_prazo_e_recusado(
    regra_ouro_preto: Any, certame_com_candidatos: Any, rita: Any, carlos: Any
) -> None:
    """Na regra informada de Ouro Preto (tests/motor): só o candidato recorre, em 2 dias."""
    c = certame_com_candidatos
    _sessao(c, rita, carlos, COM_METADE)
    conv = _votar(c, carlos, "1002", sim=4)
    candidato = conv.candidato
    with pytest.raises(ValidationError) as erro:
        recurso_interpor(
            usuario=carlos,
            candidato=candidato,
            recorrente="terceiro",
            recorrente_nome="Fabio",
            razoes="x",
            data=date(2025, 7, 23),
        )
    mensagem = str(erro.value)
    assert "recorre só o próprio candidato" in mensagem
    assert "fora do prazo de 2 dias" in mensagem and "22/07/2025" in mensagem
    recurso = recurso_interpor(
        usuario=carlos,
        candidato=candidato,
        recorrente="candidato",
        recorrente_nome="Beatriz",
        razoes="x",
        data=date(2025, 7, 22),
    )
    assert recurso.pk
