"""Cada ato relê, sob a trava do certame, o que decide: a página lida antes não decide por ele.

Os mesmos casos dos testes de concorrência (tests/robustez/test_concorrencia.py), um depois do
outro e com o objeto lido ANTES do primeiro ato, como a segunda aba do navegador o tem: rodam
em qualquer banco, inclusive no SQLite em memória dos testes.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.candidatos.models import Candidato, ProcedimentoFraude
from cotas_web.candidatos.services import (
    fraude_abrir,
    fraude_decidir,
    fraude_encaminhar,
    fraude_registrar_defesa,
)
from cotas_web.comissao.models import Convocacao, Recurso, Sessao
from cotas_web.comissao.services import (
    candidatos_convocar,
    recurso_decidir,
    recurso_interpor,
    sessao_criar,
)
from cotas_web.nomeacoes.models import OfertaVagas

from .conftest import entrar, verificar_todos

pytestmark = pytest.mark.django_db


def lido(obj: Any) -> Any:
    return type(obj)._default_manager.get(pk=obj.pk)


def test_fraude_decidida_com_a_pagina_antiga_recusada(certame_homologado: Any, rita: Any) -> None:
    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 9, 1), motivo="m")
    proc = fraude_registrar_defesa(
        usuario=rita, procedimento=proc, data=date(2025, 9, 2), defesa="d"
    )
    aba1, aba2 = lido(proc), lido(proc)
    fraude_decidir(
        usuario=rita,
        procedimento=aba1,
        data=date(2025, 9, 3),
        decisao="falsidade",
        fundamentacao="x",
        autoridade="Prefeito",
    )
    with pytest.raises(ValidationError, match="já foi decidido"):
        fraude_decidir(
            usuario=rita,
            procedimento=aba2,
            data=date(2025, 9, 3),
            decisao="improcedente",
            fundamentacao="x",
            autoridade="Prefeito",
        )
    assert ProcedimentoFraude.objects.get().decisao == "falsidade"
    assert Candidato.objects.get(inscricao="1006").anulado_em is not None
    with pytest.raises(ValidationError, match="já foi decidido"):
        fraude_registrar_defesa(
            usuario=rita, procedimento=aba2, data=date(2025, 9, 4), defesa="outra"
        )
    fraude_encaminhar(usuario=rita, procedimento=aba1, data=date(2025, 9, 4), orgao="MP")
    with pytest.raises(ValidationError, match="já foi encaminhada a MP em 04/09/2025"):
        fraude_encaminhar(usuario=rita, procedimento=aba2, data=date(2025, 9, 5), orgao="PC")


def test_recurso_decidido_com_a_pagina_antiga_recusado(sessao: Any, carlos: Any) -> None:
    verificar_todos(sessao, carlos)
    nadia = Candidato.objects.get(inscricao="1006")
    recurso = recurso_interpor(
        usuario=carlos,
        candidato=nadia,
        recorrente="terceiro",
        recorrente_nome="F",
        razoes="r",
        data=date(2025, 7, 25),
    )
    aba1, aba2 = lido(recurso), lido(recurso)
    recurso_decidir(
        usuario=carlos,
        recurso=aba1,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="x",
        data=date(2025, 7, 28),
    )
    with pytest.raises(ValidationError, match="já foi decidido"):
        recurso_decidir(
            usuario=carlos,
            recurso=aba2,
            decisao="improvido",
            resultado_final="",
            fundamentacao="x",
            data=date(2025, 7, 28),
        )
    assert Candidato.objects.get(inscricao="1006").verificacao("negros") == "nao_confirmado"
    assert Recurso.objects.get().decisao == "provido"


def test_convocacao_em_outra_sessao_recusada(comissao_composta: Any, carlos: Any) -> None:
    s1 = sessao_criar(usuario=carlos, certame=comissao_composta, data=date(2025, 7, 20), local="A")
    s2 = sessao_criar(usuario=carlos, certame=comissao_composta, data=date(2025, 7, 21), local="B")
    candidatos_convocar(usuario=carlos, sessao=s1)
    with pytest.raises(ValidationError, match="Não há candidatos a convocar"):
        candidatos_convocar(usuario=carlos, sessao=s2)
    assert not Convocacao.objects.filter(sessao=s2).exists()


def test_verificacao_enviada_duas_vezes_recusada_sem_500(
    client: Any, sessao: Any, carlos: Any
) -> None:
    conv = sessao.convocacoes.get(candidato__inscricao="1006")
    membros = list(sessao.certame.membros_comissao.all())
    url = reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk])
    dados = {"compareceu": "on", **{f"voto_{m.pk}": "sim" for m in membros}}
    entrar(client, carlos)
    assert client.post(url, dados).status_code == 302
    resposta = client.post(url, dados)
    assert resposta.status_code == 200
    assert "já foi registrada" in resposta.content.decode()
    assert Registro.objects.filter(acao="comissao_verificacao").count() == 1


def test_sessao_do_mesmo_formulario_marcada_uma_vez(
    client: Any, comissao_composta: Any, carlos: Any
) -> None:
    pk = comissao_composta.pk
    entrar(client, carlos)
    form = client.get(reverse("comissao:painel", args=[pk])).context["sessao_form"]
    dados = {"data": "2025-07-20", "local": "Sala", "pedido": form.initial["pedido"]}
    primeira = client.post(reverse("comissao:sessao_nova", args=[pk]), dados)
    segunda = client.post(reverse("comissao:sessao_nova", args=[pk]), dados)
    assert Sessao.objects.count() == 1
    assert primeira["Location"] == segunda["Location"]  # o reenvio mostra a sessão já marcada
    outro = client.get(reverse("comissao:painel", args=[pk])).context["sessao_form"]
    assert outro.initial["pedido"] != form.initial["pedido"]  # cada página, um código novo


def test_novas_vagas_do_mesmo_formulario_ofertadas_uma_vez(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    pk = certame_homologado.pk
    entrar(client, rita)
    form = client.get(reverse("nomeacoes:painel", args=[pk])).context["novas_form"]
    dados = {
        "cargo": certame_homologado.cargos.get().pk,
        "data": "2025-09-01",
        "quantidade": "2",
        "justificativa": "j",
        "pedido": form.initial["pedido"],
        "confirmar": "1",  # (o envio já confirmado, repetido)
    }
    for _ in range(3):
        assert client.post(reverse("nomeacoes:novas_vagas", args=[pk]), dados).status_code == 302
    assert OfertaVagas.objects.filter(do_edital=False).count() == 1
    # Outro formulário (outra página) é outro pedido: oferta de novo.
    dados["pedido"] = "outro-codigo"
    client.post(reverse("nomeacoes:novas_vagas", args=[pk]), dados)
    assert OfertaVagas.objects.filter(do_edital=False).count() == 2


def test_codigo_de_um_formulario_nao_serve_a_outra_acao(
    comissao_composta: Any, carlos: Any
) -> None:
    sessao_criar(
        usuario=carlos, certame=comissao_composta, data=date(2025, 7, 20), local="A", token="t1"
    )
    nadia = Candidato.objects.get(inscricao="1006")
    with pytest.raises(ValidationError, match="já foi enviado para outra ação"):
        recurso_interpor(
            usuario=carlos,
            candidato=nadia,
            recorrente="terceiro",
            recorrente_nome="F",
            razoes="r",
            data=date(2025, 7, 25),
            token="t1",
        )


def test_envio_sem_o_codigo_do_formulario_e_recusado(certame_homologado: Any, rita: Any) -> None:
    """O código de uso único é obrigatório onde o formulário o tem (issue 23): sem ele, dez
    envios criariam dez ofertas. A página diz por quê; nada é criado nem registrado."""
    from cotas_web.nomeacoes.models import OfertaVagas

    client = Client()
    client.force_login(rita)
    cargo = certame_homologado.cargos.get()
    dados = {
        "cargo": cargo.pk,
        "data": "2025-09-01",
        "quantidade": "2",
        "justificativa": "Lei municipal nova",
        "confirmar": "1",
    }
    url = reverse("nomeacoes:novas_vagas", args=[certame_homologado.pk])
    for sem in (dados, {**dados, "pedido": "  "}):
        r = client.post(url, sem, follow=True)
        assert "O formulário expirou; abra a página de novo." in r.content.decode()
    assert not OfertaVagas.objects.filter(do_edital=False).exists()
    assert not Registro.objects.filter(acao="vagas_novas").exists()
    # Na criação do certame (formulário redesenhado), o aviso vem com os demais erros.
    r = client.post(reverse("certames:novo"), {"nome": "", "municipio": "Montenegro/RS"})
    html = r.content.decode()
    assert "O formulário expirou; abra a página de novo." in html
    assert "obrigatório" in html
