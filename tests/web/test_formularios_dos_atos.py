"""Os formulários dos atos validam antes da página de confirmação e mantêm o que foi digitado
(issue 21): a nota "8,8,8" numa correção; o número da portaria digitado com "Portaria nº"; as
datas dos atos não vêm preenchidas com hoje."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.candidatos.models import Candidato, Correcao
from cotas_web.nomeacoes.models import Nomeacao

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _correcao(**mais: str) -> dict[str, str]:
    return {
        "campo": "nota",
        "valor": "8,8,8",
        "data": "2025-08-10",
        "motivo": "Recurso da prova objetiva deferido",
        "fundamento": "Decisão do recurso nº 4",
        **mais,
    }


def test_nota_invalida_recusada_no_formulario_antes_da_confirmacao(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    fabio = Candidato.objects.get(inscricao="1008")
    url = reverse("candidatos:corrigir", args=[certame_homologado.pk, fabio.pk])
    resposta = entrar(client, rita).post(url, _correcao())
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Confirmar:" not in html  # não chega à página de confirmação
    assert "Nota:" in html and "8,8,8" in html
    # O que foi digitado fica: o motivo e o fundamento, e o formulário aberto.
    assert "Recurso da prova objetiva deferido" in html and "Decisão do recurso nº 4" in html
    assert '<details id="corrigir" open>' in html
    assert not Correcao.objects.exists()


def test_nota_valida_chega_a_confirmacao_com_o_valor_lido(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    fabio = Candidato.objects.get(inscricao="1008")
    url = reverse("candidatos:corrigir", args=[certame_homologado.pk, fabio.pk])
    html = entrar(client, rita).post(url, _correcao(valor="88.80")).content.decode()
    assert "Confirmar: corrigir o dado do candidato" in html
    assert "nota 55 → 88,8" in html  # o valor como será gravado


def test_recusa_do_service_depois_de_confirmar_mantem_o_digitado(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A data anterior à homologação só o service recusa: a página volta com o formulário
    preenchido e a mensagem, não com o formulário vazio."""
    fabio = Candidato.objects.get(inscricao="1008")
    url = reverse("candidatos:corrigir", args=[certame_homologado.pk, fabio.pk])
    html = (
        entrar(client, rita)
        .post(url, _correcao(valor="90", data="2025-07-01", confirmar="1"))
        .content.decode()
    )
    assert "anterior à homologação" in html
    assert "Recurso da prova objetiva deferido" in html and 'value="90"' in html
    assert not Correcao.objects.exists()


def test_portaria_com_o_prefixo_digitado_nao_se_repete(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get(codigo="PROF")
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk])
    dados = {"inscricao": "1001", "portaria": "Portaria nº 101/2026", "data_portaria": "2025-08-03"}
    html = entrar(client, rita).post(url, dados).content.decode()
    assert "Portaria nº 101/2026, de 03/08/2025." in html
    assert "Portaria nº Portaria" not in html
    client.post(url, {**dados, "confirmar": "1"})
    assert Nomeacao.objects.get().portaria == "101/2026"
    registro = Registro.objects.get(certame=certame_homologado, acao="nomeacao")
    assert "Portaria nº Portaria" not in registro.descricao


def test_portaria_do_lote_com_o_prefixo_nao_se_repete(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get(codigo="PROF")
    url = reverse("nomeacoes:confirmar_lote", args=[certame_homologado.pk, cargo.pk])
    html = (
        entrar(client, rita)
        .post(
            url,
            {
                "quantidade": "2",
                "portaria": "Portaria n. 300/2026",
                "data_portaria": "2025-08-03",
                "pedido": "lote-teste",
            },
        )
        .content.decode()
    )
    assert "Portaria nº 300/2026, de 03/08/2025" in html
    assert "Portaria nº Portaria" not in html


def test_portaria_so_com_o_prefixo_e_recusada(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get(codigo="PROF")
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk])
    resposta = entrar(client, rita).post(
        url,
        {"inscricao": "1001", "portaria": "Portaria nº", "data_portaria": "2025-08-03"},
        follow=True,
    )
    assert "Informe o número da portaria" in resposta.content.decode()
    assert not Nomeacao.objects.exists()


def test_datas_dos_atos_nao_vem_com_hoje(client: Any, certame_homologado: Any, rita: Any) -> None:
    """Nenhum formulário de ato traz a data preenchida: a data do ato é a do documento, que o
    operador digita (hoje preenchido virava a data de atos de outros dias)."""
    from django.utils import timezone

    hoje = timezone.localdate().isoformat()
    pk = certame_homologado.pk
    fabio = Candidato.objects.get(inscricao="1008")
    entrar(client, rita)
    for url in (
        reverse("certames:detalhe", args=[pk]),
        reverse("certames:retificar", args=[pk]),
        reverse("certames:arquivar", args=[pk]),
        reverse("candidatos:detalhe", args=[pk, fabio.pk]),
        reverse("nomeacoes:painel", args=[pk]),
        reverse("comissao:painel", args=[pk]),
    ):
        html = client.get(url).content.decode()
        assert f'value="{hoje}"' not in html, url
        assert f'value="{date(2025, 8, 2).isoformat()}"' not in html, url  # nem a do último ato


def test_homologacao_que_seria_recusada_nao_chega_a_confirmacao(
    client: Any, sessao: Any, rita: Any
) -> None:
    """Com autodeclarados sem verificação, a homologação é recusada no formulário (com a lista do
    que falta e a data digitada), não depois da página de confirmação."""
    c = sessao.certame
    url = reverse("certames:homologar", args=[c.pk])
    resposta = entrar(client, rita).post(url, {"data": "2025-08-01"})
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Confirmar:" not in html
    assert "A homologação precisa da verificação concluída" in html
    assert 'value="2025-08-01"' in html
    c.refresh_from_db()
    assert not c.homologado


def test_erro_do_formulario_do_painel_diz_de_qual_formulario(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """O painel tem um formulário por cargo e por nomeado: "Data da portaria: Informe uma data
    válida." não dizia de qual nomeação era."""
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk])
    dados = {"inscricao": "1002", "portaria": "5/2025", "data_portaria": "32/13/2025"}
    html = entrar(client, rita).post(url, dados, follow=True).content.decode()
    assert "Nomeação de 1002 em PROF — Data da portaria:" in html
    lote = reverse("nomeacoes:confirmar_lote", args=[certame_homologado.pk, cargo.pk])
    dados = {"quantidade": "x", "portaria": "5/2025", "data_portaria": "2025-08-03", "pedido": "p"}
    html = client.post(lote, dados, follow=True).content.decode()
    assert "Nomeações em lote de PROF — Quantas nomeações:" in html
    assert not Nomeacao.objects.exists()


def test_formulario_recusado_no_painel_volta_com_o_digitado_e_a_vista(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """O painel voltava ao topo com os formulários vazios depois de uma recusa: agora volta ao
    formulário recusado (a âncora), com o que foi digitado (uma vez só)."""
    import json

    cargo = certame_homologado.cargos.get()
    painel = reverse("nomeacoes:painel", args=[certame_homologado.pk])
    entrar(client, rita)
    assert 'id="f-confirmar-' in client.get(painel).content.decode()
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk])
    formulario = f"f-confirmar-{cargo.pk}"
    dados = {
        "formulario": formulario,
        "inscricao": "1002",
        "portaria": "77/2025",
        "data_portaria": "2099-01-01",  # (depois de hoje: recusada pelo serviço)
    }
    resposta = client.post(url, dados)
    assert resposta.status_code == 302 and resposta["Location"].endswith(f"#{formulario}")
    html = client.get(painel).content.decode()
    digitado = json.loads(
        html.split('<script id="digitado" type="application/json">')[1].split("</script>")[0]
    )
    assert digitado == {
        "formulario": formulario,
        "valores": {"portaria": "77/2025", "data_portaria": "2099-01-01"},
    }
    assert "painel.js" in html
    assert 'id="digitado"' not in client.get(painel).content.decode()  # (uma vez só)
    # O de novas vagas volta pelo próprio formulário do Django, sem depender do script.
    client.post(
        reverse("nomeacoes:novas_vagas", args=[certame_homologado.pk]),
        {
            "formulario": "f-novas-vagas",
            "cargo": cargo.pk,
            "data": "2099-01-01",
            "quantidade": "2",
            "justificativa": "Lei municipal 9/2025 criou dois cargos",
        },
    )
    assert (
        "Lei municipal 9/2025 criou dois cargos</textarea>" in client.get(painel).content.decode()
    )


def test_recusa_de_quem_ja_foi_nomeado_nao_preenche_o_formulario_do_seguinte(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """De outra aba, a confirmação de quem já foi nomeado era recusada e a página voltava ao
    formulário do cargo, que agora é o do seguinte, com a portaria e a data digitadas: um clique
    nomeava a pessoa errada por aquela portaria; e a recusa, no topo, ficava fora da tela. Agora
    a página volta ao topo, à recusa, sem o digitado."""
    from datetime import date

    from cotas_web.nomeacoes.services import nomeacao_confirmar

    cargo = certame_homologado.cargos.get()
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1001",
        portaria="101/2025",
        data_portaria=date(2025, 8, 3),
    )
    painel = reverse("nomeacoes:painel", args=[certame_homologado.pk])
    entrar(client, rita)
    formulario = f"f-confirmar-{cargo.pk}"
    resposta = client.post(
        reverse("nomeacoes:confirmar", args=[certame_homologado.pk, cargo.pk]),
        {
            "formulario": formulario,
            "inscricao": "1001",
            "portaria": "102/2025",
            "data_portaria": "2025-08-04",
            "confirmar": "1",
        },
    )
    assert resposta.status_code == 302 and "#" not in resposta["Location"]
    html = client.get(painel).content.decode()
    assert "já foi nomeada em PROF pela Portaria nº 101/2025" in html
    assert 'id="digitado"' not in html and "102/2025" not in html
