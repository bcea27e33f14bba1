"""Nomeações em lote: as próximas N propostas de um cargo numa portaria só, na ordem da lei,
cada uma um ato com o seu registro; a página de confirmação lista cada uma antes; o mesmo
formulário enviado de novo não nomeia as N seguintes."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import escape

from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.pelo_registro import conferir
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import nomeacoes_confirmar_em_lote

from .conftest import entrar

pytestmark = pytest.mark.django_db


def test_lote_nomeia_as_proximas_na_ordem_da_lei(certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    esperadas = [
        (p.ordem, p.vaga, p.inscricao) for p in propostas_do_motor(certame=certame_homologado)
    ]
    atos = nomeacoes_confirmar_em_lote(
        usuario=rita,
        cargo=cargo,
        quantidade=3,
        portaria="Portaria nº 201/2025",
        data_portaria=date(2025, 8, 3),
    )
    assert [(a.ordem, a.vaga, a.candidato.inscricao) for a in atos] == esperadas[:3]
    assert {a.portaria for a in atos} == {"201/2025"}
    assert Registro.objects.filter(acao="nomeacao").count() == 3
    restantes = [
        (p.ordem, p.vaga, p.inscricao) for p in propostas_do_motor(certame=certame_homologado)
    ]
    assert restantes == esperadas[3:]
    assert conferir(certame_homologado.pk).diferenca is None


def test_lote_maior_que_as_propostas_e_recusado_sem_nomear_ninguem(
    certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match="tem 5 nomeação"):
        nomeacoes_confirmar_em_lote(
            usuario=rita,
            cargo=cargo,
            quantidade=6,
            portaria="201/2025",
            data_portaria=date(2025, 8, 3),
        )
    assert Nomeacao.objects.count() == 0


def test_o_mesmo_formulario_de_novo_nao_nomeia_os_seguintes(
    certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get()
    pedido = dict(
        usuario=rita,
        cargo=cargo,
        quantidade=2,
        portaria="201/2025",
        data_portaria=date(2025, 8, 3),
        token="lote-1",
    )
    primeiro = nomeacoes_confirmar_em_lote(**pedido)
    segundo = nomeacoes_confirmar_em_lote(**pedido)
    assert [a.pk for a in segundo] == [a.pk for a in primeiro]
    assert Nomeacao.objects.count() == 2


def test_pela_tela_a_confirmacao_lista_cada_nomeacao_antes(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    entrar(client, rita)
    cargo = certame_homologado.cargos.get()
    pk = certame_homologado.pk
    painel = client.get(reverse("nomeacoes:painel", args=[pk])).content.decode()
    assert "Confirmar as próximas nomeações de PROF" in painel
    url = reverse("nomeacoes:confirmar_lote", args=[pk, cargo.pk])
    dados = {
        "quantidade": "3",
        "portaria": "201/2025",
        "data_portaria": "2025-08-03",
        "pedido": "tela-1",
    }
    pagina = client.post(url, dados).content.decode()
    assert "1ª nomeação, vaga 1: 1001 — Alice Branco, pela lista de" in pagina
    assert "3ª nomeação, vaga 3: 1006 — Nadia Preta" in pagina
    # cada uma com o seu porquê, não só o fundamento do conjunto
    for p in propostas_do_motor(certame=certame_homologado)[:3]:
        assert p.candidato is not None and f"{p.inscricao} — {p.candidato.nome}" in pagina
        assert f"Por quê: {escape(p.razao)}</li>" in pagina
    assert Nomeacao.objects.count() == 0
    client.post(url, {**dados, "confirmar": "1"})
    assert Nomeacao.objects.count() == 3


def test_formulario_de_lote_reenviado_diz_que_ja_foi_feito(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """Voltar e reenviar o formulário do painel não mostra as nomeações seguintes como se
    fossem ser feitas: diz o que aquele formulário já fez e não faz nada."""
    entrar(client, rita)
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:confirmar_lote", args=[certame_homologado.pk, cargo.pk])
    dados = {
        "quantidade": "1",
        "portaria": "110/2025",
        "data_portaria": "2025-08-03",
        "pedido": "tela-2",
    }
    client.post(url, {**dados, "confirmar": "1"})
    pagina = client.post(url, dados, follow=True).content.decode()
    assert "Este formulário já foi enviado" in pagina and "110/2025" in pagina
    assert "Confirmar as nomeações" not in pagina  # nenhuma conferência de outras
    assert Nomeacao.objects.count() == 1


def test_data_recusada_ja_na_conferencia_e_portaria_repetida_avisada(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    entrar(client, rita)
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:confirmar_lote", args=[certame_homologado.pk, cargo.pk])
    antes = {
        "quantidade": "2",
        "portaria": "120/2025",
        "data_portaria": "2025-07-01",
        "pedido": "tela-3",
    }
    pagina = client.post(url, antes, follow=True).content.decode()
    assert "a homologação da classificação final de 01/08/2025 é posterior" in pagina
    assert "Confirmar as nomeações" not in pagina
    nomeacoes_confirmar_em_lote(
        usuario=rita,
        cargo=cargo,
        quantidade=1,
        portaria="120/2025",
        data_portaria=date(2025, 8, 3),
    )
    pagina = client.post(
        url, {**antes, "data_portaria": "2025-08-03", "pedido": "tela-4"}
    ).content.decode()
    assert "Atenção: a Portaria nº 120/2025 já nomeou 1001 (Alice Branco)" in pagina
