"""Os limites de vagas da leitura do cenário também na web: 999.999.999 novas vagas, digitadas
por engano, prendiam o servidor por minutos (o plano das vagas), com 12 GB de memória, e a
trava do banco derrubava o trabalhador da fila."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas.arquivos.limites import VAGAS_NO_CERTAME, VAGAS_POR_CARGO
from cotas_web.auditoria.models import Registro
from cotas_web.certames.services import cargo_adicionar, certame_corrigir
from cotas_web.nomeacoes.models import OfertaVagas
from cotas_web.nomeacoes.services import vagas_novas_ofertar
from tests.web.conftest import entrar

pytestmark = pytest.mark.django_db


def _ofertar(certame: Any, rita: Any, quantidade: int) -> Any:
    return vagas_novas_ofertar(
        usuario=rita,
        cargo=certame.cargos.get(),
        data=date(2025, 10, 1),
        quantidade=quantidade,
        justificativa="Lei cria cargos",
    )


def test_novas_vagas_acima_do_limite_recusadas_antes_do_motor(
    certame_homologado: Any, rita: Any
) -> None:
    registros = Registro.objects.count()
    with pytest.raises(ValidationError) as erro:
        _ofertar(certame_homologado, rita, 999_999_999)
    assert erro.value.messages == [
        "Novas vagas de PROF: 999.999.999 vagas passam do limite de 100.000 por cargo (e por "
        "oferta de novas vagas).",
        "Novas vagas de PROF: o certame ficaria com 1.000.000.004 vagas, acima do limite de "
        "1.000.000 no certame inteiro.",
    ]
    assert not OfertaVagas.objects.filter(do_edital=False).exists()
    assert Registro.objects.count() == registros
    assert _ofertar(certame_homologado, rita, 3).quantidade == 3  # (abaixo dele, como sempre)


def test_novas_vagas_somadas_ao_certame_inteiro(certame_homologado: Any, rita: Any) -> None:
    """Cada oferta cabe no limite por cargo, mas o certame não passa do seu: 5 vagas do edital,
    900.000 novas em vigor e, agora, até 99.995 (a oferta tornada sem efeito não conta)."""
    ofertas = VAGAS_NO_CERTAME // VAGAS_POR_CARGO - 1
    OfertaVagas.objects.bulk_create(
        OfertaVagas(
            cargo=certame_homologado.cargos.get(),
            data=date(2025, 9, 1),
            quantidade=VAGAS_POR_CARGO,
            justificativa="carga",
            sem_efeito_em=date(2025, 9, 2) if i == ofertas else None,
        )
        for i in range(ofertas + 1)
    )
    with pytest.raises(ValidationError, match=r"o certame ficaria com 1\.000\.001 vagas"):
        _ofertar(certame_homologado, rita, 99_996)
    assert _ofertar(certame_homologado, rita, 99_995).quantidade == 99_995


def test_formulario_de_novas_vagas_recusa_acima_do_limite(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    entrar(client, rita)
    resposta = client.post(
        reverse("nomeacoes:novas_vagas", args=[certame_homologado.pk]),
        {
            "cargo": certame_homologado.cargos.get().pk,
            "data": "01/10/2025",
            "quantidade": "999999999",
            "justificativa": "engano",
        },
        follow=True,
    )
    assert "No máximo 100.000 vagas por cargo (e por oferta de novas vagas)." in (
        resposta.content.decode()
    )
    assert not OfertaVagas.objects.filter(do_edital=False).exists()


def test_cargo_com_vagas_acima_do_limite_recusado(certame: Any, rita: Any) -> None:
    with pytest.raises(ValidationError, match=r"Cargo ADM: 100\.001 vagas passam do limite"):
        cargo_adicionar(
            usuario=rita, certame=certame, codigo="ADM", nome="Adm.", vagas_edital=100_001
        )
    cargo = certame.cargos.get()
    with pytest.raises(ValidationError, match=r"Cargo PROF: 100\.001 vagas passam do limite"):
        certame_corrigir(
            usuario=rita,
            certame=certame,
            dados={},
            cargos={cargo.pk: (cargo.nome, 100_001)},
            motivo="engano",
        )
    cargo.refresh_from_db()
    assert cargo.vagas_edital == 5
    assert [c.codigo for c in certame.cargos.all()] == ["PROF"]
