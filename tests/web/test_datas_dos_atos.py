"""As datas que quem registra os atos digita errado, recusadas com as duas datas e já na página de
confirmação (o que o ato recusaria depois, a prévia recusa antes): uma nomeação anterior à
nomeação que ela segue no cargo, um ato com data futura, a saída anterior à nomeação e a
nomeação que substitui anterior à saída."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from cotas_web.nomeacoes.models import Nomeacao, OfertaVagas
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    vagas_novas_ofertar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _nomear(certame: Any, rita: Any, dia: date, portaria: str) -> Nomeacao:
    proxima = propostas_do_motor(certame=certame)[0]
    return nomeacao_confirmar(
        usuario=rita,
        cargo=proxima.cargo,
        inscricao=proxima.inscricao,
        portaria=portaria,
        data_portaria=dia,
    )


def _pagina(client: Any, url: str, dados: dict[str, str]) -> str:
    """O envio sem confirmar: a página de confirmação, ou o painel com a recusa."""
    return str(client.post(url, dados, follow=True).content.decode())


def test_nomeacao_anterior_a_ultima_do_cargo_recusada(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    primeira = _nomear(certame_homologado, rita, date(2025, 9, 1), "501/2025")
    esperado = (
        "Nomeação em 20/08/2025 recusada: a 1ª nomeação de PROF (portaria nº 501/2025) de "
        "01/09/2025 é posterior; um ato não pode ser anterior ao ato de que depende."
    )
    with pytest.raises(ValidationError) as erro:
        _nomear(certame_homologado, rita, date(2025, 8, 20), "502/2025")
    assert erro.value.messages == [esperado]
    # Já na prévia: o painel com a recusa, sem a página de confirmação.
    proxima = propostas_do_motor(certame=certame_homologado)[0]
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, proxima.cargo.pk])
    html = _pagina(
        entrar(client, rita),
        url,
        {"inscricao": proxima.inscricao, "portaria": "502/2025", "data_portaria": "2025-08-20"},
    )
    assert "Confirmar:" not in html
    assert f"Nomeação de {proxima.inscricao} em PROF — {esperado}" in html  # (qual formulário)
    # A mesma data da última (um lote em duas portarias do mesmo dia) passa.
    assert _nomear(certame_homologado, rita, date(2025, 9, 1), "502/2025").ordem == 2
    assert Nomeacao.objects.filter(pk=primeira.pk).exists()


def test_lote_anterior_a_ultima_nomeacao_recusado_na_previa(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    _nomear(certame_homologado, rita, date(2025, 9, 1), "501/2025")
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:confirmar_lote", args=[certame_homologado.pk, cargo.pk])
    html = _pagina(
        entrar(client, rita),
        url,
        {"quantidade": "2", "portaria": "600/2025", "data_portaria": "2025-08-20", "pedido": "x"},
    )
    assert "Confirmar:" not in html
    assert "Nomeação em 20/08/2025 recusada: a 1ª nomeação de PROF" in html
    assert Nomeacao.objects.count() == 1


def test_atos_com_data_futura_recusados(certame_homologado: Any, rita: Any) -> None:
    amanha = timezone.localdate() + timedelta(days=1)
    certame_homologado.validade_ate = amanha + timedelta(days=30)
    certame_homologado.save(update_fields=["validade_ate"])
    futura = f"a data é posterior a hoje, {timezone.localdate():%d/%m/%Y}"
    with pytest.raises(ValidationError, match=futura):
        _nomear(certame_homologado, rita, amanha, "501/2025")
    nomeacao = _nomear(certame_homologado, rita, date(2025, 9, 1), "501/2025")
    with pytest.raises(ValidationError, match=futura):
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=nomeacao, data=amanha, motivo="desistencia"
        )
    with pytest.raises(ValidationError, match=futura):
        vagas_novas_ofertar(
            usuario=rita,
            cargo=nomeacao.cargo,
            data=amanha,
            quantidade=1,
            justificativa="x",
        )
    assert not OfertaVagas.objects.filter(do_edital=False).exists()
    nomeacao.refresh_from_db()
    assert nomeacao.encerrada_em is None


def test_saida_anterior_a_nomeacao_recusada_na_previa(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    nomeacao = _nomear(certame_homologado, rita, date(2025, 9, 1), "501/2025")
    url = reverse("nomeacoes:desistencia", args=[certame_homologado.pk, nomeacao.pk])
    html = _pagina(
        entrar(client, rita), url, {"data": "2025-08-25", "motivo": "desistencia", "observacao": ""}
    )
    assert "Confirmar:" not in html
    assert (
        "Registro de saída em 25/08/2025 recusado: a nomeação (portaria nº 501/2025) de "
        "01/09/2025 é posterior" in html
    )
    nomeacao.refresh_from_db()
    assert nomeacao.encerrada_em is None


def test_substituta_anterior_a_saida_recusada_na_previa(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    for i in range(5):  # as 5 vagas do edital
        _nomear(certame_homologado, rita, date(2025, 9, 1), f"{501 + i}/2025")
    saiu = Nomeacao.objects.order_by("ordem").first()
    assert saiu is not None
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=saiu, data=date(2025, 9, 10), motivo="desistencia"
    )
    proxima = propostas_do_motor(certame=certame_homologado)[0]
    assert proxima.substitui == saiu.candidato.inscricao
    url = reverse("nomeacoes:confirmar", args=[certame_homologado.pk, proxima.cargo.pk])
    html = _pagina(
        entrar(client, rita),
        url,
        {"inscricao": proxima.inscricao, "portaria": "600/2025", "data_portaria": "2025-09-05"},
    )
    assert "Confirmar:" not in html
    assert f"a saída de {saiu.candidato.inscricao} (portaria nº 501/2025), que ela substitui," in (
        html
    )
    assert Nomeacao.objects.count() == 5
