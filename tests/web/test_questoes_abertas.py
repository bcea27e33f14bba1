"""As questões que as leis deixam em aberto, escolhidas no certame e levadas ao motor.

Cada uma tem um padrão documentado (README, "Questões em aberto"); o certame pode adotar a
outra leitura, e a escolha aparece na página do certame e muda o que o motor decide.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from cotas.motor.regras import BaseDoLimiar
from cotas_web.certames.models import Certame
from cotas_web.certames.services import cargo_adicionar, certame_criar, certame_homologar
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    vagas_edital_ofertar,
    vagas_novas_ofertar,
)
from cotas_web.ponte import leis, reencenacao

from .conftest import entrar

pytestmark = pytest.mark.django_db


def test_padroes_quando_nada_se_escolhe(certame: Any) -> None:
    assert certame.prioridade_colisao == "lei,pcd"
    assert certame.base_do_limiar == "todas_ofertadas"
    # (vazia: os grupos da lei na ordem dela, depois PcD)
    assert leis.parametros_do_certame(certame).prioridade_colisao == ()
    negros = leis.regras_do_certame(certame).grupo("negros")
    assert negros is not None and negros.base_do_limiar is BaseDoLimiar.TODAS_OFERTADAS


def test_escolhidas_pela_tela_e_mostradas_no_certame(client: Any, rita: Any) -> None:
    entrar(client, rita)
    resposta = client.post(
        reverse("certames:novo"),
        {
            "nome": "Concurso 03/2025",
            "municipio": "Montenegro/RS",
            "data_edital": "2025-07-01",
            "tipo": "concurso_publico",
            "pcd_percentual": "5",
            "pcd_arredondamento": "cima",
            "pcd_teto": "20",
            "prioridade_colisao": "pcd,lei",
            "base_do_limiar": "edital",
            "pedido": "questoes-pela-tela",
        },
    )
    assert resposta.status_code == 302
    c = Certame.objects.get(nome="Concurso 03/2025")
    assert (c.prioridade_colisao, c.base_do_limiar) == ("pcd,lei", "edital")
    assert leis.parametros_do_certame(c).prioridade_colisao == ("pcd",)
    negros = leis.regras_do_certame(c).grupo("negros")
    assert negros is not None and negros.base_do_limiar is BaseDoLimiar.EDITAL
    html = client.get(reverse("certames:detalhe", args=[c.pk])).content.decode()
    assert "PcD primeiro, depois os grupos da lei" in html
    assert "só as vagas do edital" in html


@pytest.mark.parametrize(
    ("base", "modalidade_da_terceira"),
    [("todas_ofertadas", "negros"), ("edital", "ampla")],
)
def test_base_do_limiar_decide_a_vaga_nova(
    rita: Any, arquivo_csv: Path, base: str, modalidade_da_terceira: str
) -> None:
    """Mostardas, 2 vagas no edital (menos que o mínimo de 3: sem reserva) e depois mais 1.
    Contadas todas as oferecidas, são 3: 20% × 3 = 0,6 → 1, e a 3ª é de negros (art. 5º);
    contado só o edital, continuam abaixo do mínimo e a 3ª é de ampla concorrência."""
    from cotas_web.candidatos.services import importacao_confirmar

    c = certame_criar(
        usuario=rita,
        nome=f"Mostardas {base}",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
        validade_ate=date(2027, 3, 1),
        base_do_limiar=base,
    )
    cargo = cargo_adicionar(
        usuario=rita, certame=c, codigo="PROF", nome="Professor", vagas_edital=2
    )
    importacao_confirmar(usuario=rita, certame=c, caminho=arquivo_csv, nome_arquivo="r.csv")
    c = certame_homologar(usuario=rita, certame=c, data=date(2025, 8, 1))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2025, 8, 2))
    for p in propostas_do_motor(certame=c):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=p.inscricao,
            portaria=f"{p.ordem}/2025",
            data_portaria=date(2025, 8, 3),
        )
    vagas_novas_ofertar(
        usuario=rita,
        cargo=cargo,
        data=date(2025, 10, 1),
        quantidade=1,
        justificativa="Lei cria 1 cargo",
    )
    (terceira,) = propostas_do_motor(certame=c)
    assert (terceira.vaga, terceira.modalidade) == (3, modalidade_da_terceira)


def test_dupla_condicao_padrao_escolhida_pela_tela_e_levada_ao_motor(
    client: Any, rita: Any, certame: Any
) -> None:
    """Quem é negro e com deficiência e é chamado pelas duas listas no mesmo ato, sem opção:
    o padrão é a lista racial; o certame pode adotar a de PcD, como o cenário
    (`dupla_condicao`), e o motor a recebe na reencenação."""
    from cotas.motor.certame import DuplaCondicao

    assert certame.dupla_condicao == "lista_que_nomeia_antes"
    padrao = leis.parametros_do_certame(certame).dupla_condicao
    assert padrao is DuplaCondicao.LISTA_QUE_NOMEIA_ANTES

    entrar(client, rita)
    resposta = client.post(
        reverse("certames:novo"),
        {
            "nome": "Concurso 04/2025",
            "municipio": "Montenegro/RS",
            "data_edital": "2025-07-01",
            "tipo": "concurso_publico",
            "pcd_percentual": "5",
            "pcd_arredondamento": "cima",
            "pcd_teto": "20",
            "dupla_condicao": "lista_que_nomeia_antes_senao_pcd",
            "pedido": "dupla-pela-tela",
        },
    )
    assert resposta.status_code == 302
    c = Certame.objects.get(nome="Concurso 04/2025")
    assert c.dupla_condicao == "lista_que_nomeia_antes_senao_pcd"
    assert reencenacao.reencenar(c).parametros.dupla_condicao is (
        DuplaCondicao.LISTA_QUE_NOMEIA_ANTES_SENAO_PCD
    )
    html = client.get(reverse("certames:detalhe", args=[c.pk])).content.decode()
    assert "sem opção, a de PcD" in html


def test_dupla_condicao_desconhecida_e_recusada(rita: Any) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="Dupla condição"):
        certame_criar(
            usuario=rita,
            nome="X",
            municipio="Montenegro/RS",
            data_edital=date(2025, 7, 1),
            tipo="concurso_publico",
            dupla_condicao="qualquer",
        )
