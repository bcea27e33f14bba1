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


def _previa_da_nomeacao(client: Any, certame: Any, rita: Any, portaria: str, dia: str) -> Any:
    """A página depois de pedir a próxima nomeação (sem confirmar), e a proposta pedida."""
    proxima = propostas_do_motor(certame=certame)[0]
    url = reverse("nomeacoes:confirmar", args=[certame.pk, proxima.cargo.pk])
    dados = {"inscricao": proxima.inscricao, "portaria": portaria, "data_portaria": dia}
    return _pagina(entrar(client, rita), url, dados), proxima


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
    html, proxima = _previa_da_nomeacao(client, certame_homologado, rita, "502/2025", "2025-08-20")
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
    html, proxima = _previa_da_nomeacao(client, certame_homologado, rita, "600/2025", "2025-09-05")
    assert proxima.substitui == saiu.candidato.inscricao
    assert "Confirmar:" not in html
    assert f"a saída de {saiu.candidato.inscricao} (portaria nº 501/2025), que ela substitui," in (
        html
    )
    assert Nomeacao.objects.count() == 5


def _futura() -> str:
    return f"a data é posterior a hoje, {timezone.localdate():%d/%m/%Y}"


def test_atos_antes_da_homologacao_e_da_comissao_com_data_futura_recusados(
    sessao: Any, carlos: Any, rita: Any
) -> None:
    """O recurso e a abertura da falsidade depois de hoje, recusados; a sessão da comissão se
    marca antes, e a data futura passa."""
    from cotas_web.candidatos.models import Candidato
    from cotas_web.candidatos.services import fraude_abrir
    from cotas_web.comissao.services import recurso_interpor, sessao_criar

    amanha = timezone.localdate() + timedelta(days=1)
    certame = sessao.certame
    candidato = Candidato.objects.get(inscricao="1006")
    with pytest.raises(ValidationError, match=_futura()):
        fraude_abrir(usuario=rita, candidato=candidato, data=amanha, motivo="x")
    marcada = sessao_criar(usuario=carlos, certame=certame, data=amanha, local="Prefeitura")
    assert marcada.data == amanha
    from cotas_web.comissao.models import Convocacao
    from cotas_web.comissao.services import verificacao_registrar

    verificacao_registrar(
        usuario=carlos,
        convocacao=Convocacao.objects.get(sessao=sessao, candidato=candidato),
        compareceu=True,
        votos={m.pk: True for m in certame.membros_comissao.all()},
    )
    with pytest.raises(ValidationError, match=_futura()):
        recurso_interpor(
            usuario=carlos,
            candidato=candidato,
            recorrente="terceiro",
            recorrente_nome="Fabio",
            razoes="x",
            data=amanha,
        )


def test_correcao_e_sem_efeito_com_data_futura_recusados(
    certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.services import nomeacao_tornar_sem_efeito

    amanha = timezone.localdate() + timedelta(days=1)
    with pytest.raises(ValidationError, match=_futura()):
        candidato_corrigir(
            usuario=rita,
            candidato=Candidato.objects.get(inscricao="1008"),
            campo="nota",
            valor="88,8",
            motivo="Recurso deferido",
            fundamento="Decisão nº 4",
            data=amanha,
        )
    nomeacao = _nomear(certame_homologado, rita, date(2025, 9, 1), "501/2025")
    with pytest.raises(ValidationError, match=_futura()):
        nomeacao_tornar_sem_efeito(
            usuario=rita,
            nomeacao=nomeacao,
            data=amanha,
            ato="Portaria 9/2026",
            autoridade="Prefeito",
            motivo="engano",
        )
    nomeacao.refresh_from_db()
    assert nomeacao.sem_efeito_em is None
    from cotas_web.nomeacoes.services import nomeacao_registrar_posse

    with pytest.raises(ValidationError, match=_futura()):
        nomeacao_registrar_posse(usuario=rita, nomeacao=nomeacao, data=amanha)


def test_desistencia_de_quem_nao_foi_nomeado_recusada_na_previa(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A desistência antes da nomeação com data futura (ou de quem já saiu) era recusada só
    depois do botão "Registrar": a página de confirmação já recusa."""
    from cotas_web.candidatos.models import Candidato

    nadia = Candidato.objects.get(inscricao="1006")
    url = reverse("candidatos:desistencia", args=[certame_homologado.pk, nadia.pk])
    amanha = timezone.localdate() + timedelta(days=1)
    html = _pagina(entrar(client, rita), url, {"data": amanha.isoformat(), "observacao": ""})
    assert "Confirmar:" not in html
    assert f"Desistência em {amanha:%d/%m/%Y} recusada: a data é posterior a hoje" in html
    assert not nadia.desistencias.exists()


def test_publicacao_e_arquivamento_recusados_na_previa(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A publicação de um certame já publicado e o arquivamento com data futura eram recusados
    só depois do botão: o formulário volta com a recusa, sem a página de confirmação."""
    pk = certame_homologado.pk
    entrar(client, rita)
    html = client.post(reverse("certames:publicar", args=[pk]), {"data": "2025-07-01"})
    texto = html.content.decode()
    assert "Confirmar:" not in texto and "O certame já foi publicado em" in texto
    amanha = timezone.localdate() + timedelta(days=1)
    resposta = client.post(
        reverse("certames:arquivar", args=[pk]),
        {"data": amanha.isoformat(), "motivo": "Validade encerrada"},
    )
    texto = resposta.content.decode()
    assert "Confirmar:" not in texto
    assert f"Arquivamento em {amanha:%d/%m/%Y} recusado: a data é posterior a hoje" in texto
    assert "Validade encerrada" in texto  # (o digitado fica)
    certame_homologado.refresh_from_db()
    assert certame_homologado.arquivado_em is None
