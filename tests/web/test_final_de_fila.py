"""Final de fila: o nomeado sem posse pede para ir ao fim da lista, só se o edital o admite.

A vaga que ocupava é recomposta pela mesma lista (Montenegro, Lei 7.344/2025, art. 14 §2º); ele
continua classificado, atrás de todos, e pode ser nomeado de novo numa vaga posterior.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    nomeacao_final_de_fila,
    nomeacao_registrar_posse,
    vagas_novas_ofertar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _admitir(certame: Any, item: str = "item 14.3") -> Any:
    Certame.objects.filter(pk=certame.pk).update(admite_final_de_fila=True, final_de_fila_item=item)
    certame.refresh_from_db()
    return certame


def _confirmar_propostas(certame: Any, rita: Any, dia: date) -> list[Nomeacao]:
    atos = []
    for p in propostas_do_motor(certame=certame):
        atos.append(
            nomeacao_confirmar(
                usuario=rita,
                cargo=p.cargo,
                inscricao=p.inscricao,
                portaria=f"{p.ordem}/2025",
                data_portaria=dia,
            )
        )
    return atos


def _ato(inscricao: str) -> Nomeacao:
    return Nomeacao.objects.filter(candidato__inscricao=inscricao).latest("ordem")


def test_edital_que_nao_admite_recusa_o_pedido(certame_homologado: Any, rita: Any) -> None:
    _confirmar_propostas(certame_homologado, rita, date(2025, 8, 3))
    with pytest.raises(ValidationError, match="o edital deste certame não admite"):
        nomeacao_final_de_fila(usuario=rita, nomeacao=_ato("1001"), data=date(2025, 8, 10))
    assert _ato("1001").situacao == "nomeado"
    assert propostas_do_motor(certame=certame_homologado) == []
    assert not Registro.objects.filter(acao="final_de_fila").exists()


def test_vaga_ampla_recomposta_pela_ampla_e_candidato_volta_no_fim(
    certame_homologado: Any, rita: Any
) -> None:
    certame = _admitir(certame_homologado)
    _confirmar_propostas(certame, rita, date(2025, 8, 3))
    nomeacao_final_de_fila(
        usuario=rita, nomeacao=_ato("1001"), data=date(2025, 8, 10), observacao="mudança"
    )
    assert _ato("1001").situacao == "final_de_fila"
    (proposta,) = propostas_do_motor(certame=certame)
    assert (proposta.vaga, proposta.inscricao, proposta.modalidade, proposta.substitui) == (
        1,
        "1005",
        "ampla",
        "1001",
    )
    ato = nomeacao_confirmar(
        usuario=rita,
        cargo=proposta.cargo,
        inscricao="1005",
        portaria="300/2025",
        data_portaria=date(2025, 8, 11),
    )
    assert ato.substitui == _ato("1001")

    registro = Registro.objects.get(acao="final_de_fila")
    assert "pediu em 10/08/2025 para ir ao final da lista" in registro.descricao
    # O fundamento é o que o motor deu à saída: o item do edital; a vaga era de ampla
    # concorrência, e a regra da desistência da vaga reservada (art. 14 §2º) não se aplica.
    assert "item 14.3" in registro.fundamento and "art. 14" not in registro.fundamento
    assert registro.usuario == rita

    # Novas vagas: 1001 está atrás de todos os aprovados e só é chamado depois deles.
    vagas_novas_ofertar(
        usuario=rita,
        cargo=proposta.cargo,
        data=date(2025, 10, 1),
        quantidade=3,
        justificativa="Lei cria 3 cargos",
    )
    novas = propostas_do_motor(certame=certame)
    assert [p.inscricao for p in novas][-1] == "1001"
    assert {p.inscricao for p in novas} == {"1007", "1008", "1001"}
    _confirmar_propostas(certame, rita, date(2025, 10, 2))
    assert Nomeacao.objects.filter(candidato__inscricao="1001").count() == 2
    assert _ato("1001").situacao == "nomeado"


def test_vaga_reservada_recomposta_pela_lista_de_negros(certame_homologado: Any, rita: Any) -> None:
    certame = _admitir(certame_homologado)
    _confirmar_propostas(certame, rita, date(2025, 8, 3))
    nomeacao_final_de_fila(usuario=rita, nomeacao=_ato("1006"), data=date(2025, 8, 10))
    (proposta,) = propostas_do_motor(certame=certame)
    assert (proposta.vaga, proposta.inscricao, proposta.modalidade, proposta.substitui) == (
        3,
        "1007",
        "negros",
        "1006",
    )
    assert "final de fila de 1006" in proposta.razao


def test_so_quem_esta_nomeado_e_sem_posse(certame_homologado: Any, rita: Any) -> None:
    certame = _admitir(certame_homologado)
    _confirmar_propostas(certame, rita, date(2025, 8, 3))
    nomeacao_registrar_posse(usuario=rita, nomeacao=_ato("1001"), data=date(2025, 8, 5))
    with pytest.raises(ValidationError, match="ainda não tomou posse"):
        nomeacao_final_de_fila(usuario=rita, nomeacao=_ato("1001"), data=date(2025, 8, 10))
    with pytest.raises(
        ValidationError,
        match=r"Reclassificação para o final da lista em 01/08/2025 recusada: a nomeação "
        r"\(portaria nº 2/2025\) de 03/08/2025 é posterior",
    ):
        nomeacao_final_de_fila(usuario=rita, nomeacao=_ato("1002"), data=date(2025, 8, 1))
    with pytest.raises(ValidationError, match="validade"):
        nomeacao_final_de_fila(usuario=rita, nomeacao=_ato("1002"), data=date(2027, 6, 11))


def test_pela_tela_so_o_rh_e_so_se_o_edital_admite(
    client: Any, certame_homologado: Any, rita: Any, ana: Any, carlos: Any
) -> None:
    _confirmar_propostas(certame_homologado, rita, date(2025, 8, 3))
    pk = certame_homologado.pk
    url = reverse("nomeacoes:final_de_fila", args=[pk, _ato("1001").pk])
    painel = reverse("nomeacoes:painel", args=[pk])
    dados = {"data": "2025-08-10", "observacao": ""}

    entrar(client, rita)
    assert "final da lista" not in client.get(painel).content.decode()
    resposta = client.post(url, dados, follow=True)
    assert "o edital deste certame não admite" in resposta.content.decode()
    assert _ato("1001").situacao == "nomeado"

    _admitir(certame_homologado)
    for outro in (ana, carlos):
        entrar(client, outro)
        assert client.post(url, dados).status_code == 403
    assert _ato("1001").situacao == "nomeado"

    entrar(client, rita)
    assert "Mandar 1001 para o final da lista" in client.get(painel).content.decode()
    resposta = client.post(url, dados, follow=True)
    assert "1001 foi para o final da lista" in resposta.content.decode()
    html = resposta.content.decode()
    assert "Foi para o final da lista (a pedido)" in html and "substitui 1001" in html


def test_criar_certame_com_o_item_do_edital(rita: Any) -> None:
    from cotas_web.certames.services import certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Concurso 02/2025",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
        admite_final_de_fila=True,
        final_de_fila_item="item 9.2",
    )
    assert c.admite_final_de_fila and c.final_de_fila_item == "item 9.2"
    assert (
        "admite o pedido de final de fila (item 9.2)" in Registro.objects.get(certame=c).descricao
    )
