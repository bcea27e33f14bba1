"""As telas e os atos da comissão citam os artigos da lei do certame (dados de
`src/cotas/leis/`), nunca números escritos no código: com outra lei, outros artigos."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.urls import reverse

from cotas.motor.razoes import Referencia
from cotas_web.auditoria.models import Registro
from cotas_web.comissao.selectors import aviso_distribuicao
from cotas_web.ponte import leis

from .conftest import entrar

pytestmark = pytest.mark.django_db

# Artigos que nenhuma lei do catálogo usa para a comissão.
ARTIGOS = {
    "exigida": "art. 91",
    "membros": "art. 92",
    "momento": "art. 93",
    "recursos": "art. 94",
    "registro_audiovisual": "art. 95",
    "nao_reconhecido": "art. 96",
    "decisao": "art. 97",
    "posse_apos_parecer": "art. 98",
    # os que a lei do exemplo funda no mesmo artigo de outro, com o mesmo artigo aqui
    "decisao_base": "art. 97",
    "composicao_distribuida": "art. 92",
    "recusa_filmagem": "art. 96",
    "recorrentes": "art. 94",
}


@pytest.fixture
def outra_lei(monkeypatch: Any) -> None:
    """A lei do certame com os artigos de `ARTIGOS` nos parâmetros da comissão."""
    original = leis.regras_do_certame

    def regras(certame: Any) -> Any:
        r = original(certame)
        if r.comissao is None:
            return r
        refs = {
            k: Referencia("Lei Y", ARTIGOS.get(k, v.artigo), v.texto)
            for k, v in r.comissao.referencias.items()
        }
        return replace(r, comissao=replace(r.comissao, referencias=refs))

    monkeypatch.setattr(leis, "regras_do_certame", regras)


def test_aviso_de_integrantes_cita_o_artigo_da_lei(
    outra_lei: None, certame_com_candidatos: Any, rita: Any
) -> None:
    from cotas_web.comissao.services import membro_adicionar

    membro_adicionar(
        usuario=rita, certame=certame_com_candidatos, nome="A", genero="feminino", cor_raca="parda"
    )
    aviso = aviso_distribuicao(certame=certame_com_candidatos)
    assert "art. 92" in aviso and "art. 4º" not in aviso
    assert "Lei Y, art. 92" in Registro.objects.filter(acao="comissao_membro").get().fundamento


def test_telas_da_comissao_citam_os_artigos_da_lei(
    outra_lei: None, sessao: Any, carlos: Any, client: Any
) -> None:
    entrar(client, carlos)
    pk = sessao.certame.pk
    painel = client.get(reverse("comissao:painel", args=[pk])).content.decode()
    assert "Lei Y" in painel and "(art. 94)" in painel and "(art. 93)" in painel
    assert "7.344" not in painel and "art. 5º" not in painel
    conv = sessao.convocacoes.first()
    tela = client.get(reverse("comissao:verificacao", args=[pk, conv.pk])).content.decode()
    assert "art. 97" in tela and "art. 96" in tela and "art. 95" in tela
    assert "art. 10" not in tela and "art. 8º" not in tela and "art. 7º" not in tela
    ata = client.get(reverse("comissao:ata", args=[pk, sessao.pk])).content.decode()
    assert "(art. 97)" in ata and "(art. 95)" in ata and "art. 10" not in ata


def test_verificacao_registra_o_fundamento_da_lei(
    outra_lei: None, sessao: Any, carlos: Any
) -> None:
    from .conftest import verificar_todos

    verificar_todos(sessao, carlos)
    registro = Registro.objects.filter(acao="comissao_verificacao").first()
    assert registro is not None
    fundamento = registro.fundamento
    assert "Lei Y, art. 97" in fundamento and "Lei Y, art. 96" in fundamento


def test_homologacao_pendente_cita_os_artigos_da_lei(
    outra_lei: None, sessao: Any, rita: Any, client: Any
) -> None:
    from datetime import date

    from django.core.exceptions import ValidationError

    from cotas_web.certames.services import certame_homologar

    with pytest.raises(ValidationError) as erro:
        certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 8, 1))
    mensagem = " ".join(erro.value.messages)
    assert "Lei Y, art. 93" in mensagem and "Lei Y, art. 94" in mensagem
    assert "7.344" not in mensagem
    entrar(client, rita)
    html = client.get(reverse("certames:detalhe", args=[sessao.certame.pk])).content.decode()
    assert "(art. 93; art. 94)" in html


def test_painel_oferece_incluir_ate_o_numero_de_integrantes_da_lei(
    certame_com_candidatos: Any, rita: Any, client: Any, monkeypatch: Any
) -> None:
    """O formulário de inclusão some quando a comissão tem os integrantes da lei (não 3 fixo)."""
    from cotas_web.comissao.services import membro_adicionar

    original = leis.regras_do_certame

    def com_dois(certame: Any) -> Any:
        r = original(certame)
        assert r.comissao is not None
        return replace(r, comissao=replace(r.comissao, membros=2))

    monkeypatch.setattr(leis, "regras_do_certame", com_dois)
    c = certame_com_candidatos
    for nome, genero, cor in (("A", "feminino", "parda"), ("B", "masculino", "branca")):
        membro_adicionar(usuario=rita, certame=c, nome=nome, genero=genero, cor_raca=cor)
    entrar(client, rita)
    html = client.get(reverse("comissao:painel", args=[c.pk])).content.decode()
    assert "Incluir integrante" not in html
