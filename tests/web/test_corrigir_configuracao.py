"""Configurações que se corrigem até importarem (issue 21, "Settings that can't be fixed"): o
campo de desempate conferido ao salvar, com o formato na mensagem; "Corrigir dados e vagas"
muda, antes da homologação, os critérios de desempate, a PcD e os valores que a lei deixa em
aberto (com justificativa) e apaga o cargo sem candidatos nem ofertas, cada mudança no registro;
depois da homologação, recusa dizendo por quê."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.certames.forms import ler_desempate
from cotas_web.certames.models import Cargo
from cotas_web.certames.services import (
    cargo_adicionar,
    certame_corrigir,
    certame_criar,
    retificacao_registrar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _pagina(certame: Any, **mais: str) -> dict[str, str]:
    """O formulário de correção como a página o traz preenchido, com `mais` por cima."""
    dados = {
        "nome": certame.nome,
        "data_edital": certame.data_edital.isoformat(),
        "validade_ate": certame.validade_ate.isoformat() if certame.validade_ate else "",
        "desempate": ", ".join(f"{c}:{s}" for c, s in certame.desempate),
        "pcd_percentual": "" if certame.pcd_percentual is None else str(certame.pcd_percentual),
        "pcd_arredondamento": certame.pcd_arredondamento or "cima",
        "pcd_teto": "" if certame.pcd_teto is None else str(certame.pcd_teto),
        "motivo": "Erro de digitação na criação.",
    }
    for cargo in certame.cargos.all():
        dados[f"cargo_{cargo.pk}_nome"] = cargo.nome
        dados[f"cargo_{cargo.pk}_vagas"] = str(cargo.vagas_edital)
    dados.update(mais)
    return dados


# --------------------------------------------------------------------- o campo de desempate


def test_desempate_sem_dois_pontos_e_recusado_com_o_formato() -> None:
    with pytest.raises(ValidationError) as erro:
        ler_desempate("especifica maior, portugues:maior, x:depois, :menor")
    mensagens = erro.value.messages
    assert any(
        "“especifica maior” não diz o sentido depois de dois-pontos" in m
        and "Quis dizer “especifica:maior”?" in m
        for m in mensagens
    )
    assert any("sentido “depois” desconhecido" in m for m in mensagens)
    assert any("falta o cabeçalho da coluna" in m for m in mensagens)
    assert mensagens[-1].startswith("Formato: coluna:maior ou coluna:menor")
    assert ler_desempate(" especifica:maior , portugues:MENOR ,") == [
        ("especifica", "maior"),
        ("portugues", "menor"),
    ]
    with pytest.raises(ValidationError, match="aparece duas vezes"):
        ler_desempate("a:maior, a:menor")


def test_novo_certame_com_desempate_errado_mostra_o_formato_e_nao_cria(
    client: Any, rita: Any
) -> None:
    from cotas_web.certames.models import Certame

    html = (
        entrar(client, rita)
        .post(
            reverse("certames:novo"),
            {
                "nome": "Concurso 09/2026",
                "municipio": "Montenegro/RS",
                "data_edital": "2025-06-10",
                "tipo": "concurso_publico",
                "desempate": "especifica maior",
                "pcd_arredondamento": "cima",
            },
        )
        .content.decode()
    )
    assert "não diz o sentido depois de dois-pontos" in html
    assert "Formato: coluna:maior ou coluna:menor" in html
    assert 'value="especifica maior"' in html  # o digitado fica
    assert not Certame.objects.filter(nome="Concurso 09/2026").exists()


# --------------------------------------------------------- antes da homologação: corrige-se


def test_corrigir_desempate_e_pcd_pela_pagina(client: Any, certame: Any, rita: Any) -> None:
    certame.desempate = [["especifica maior", "maior"]]  # o erro de antes, já gravado
    certame.save(update_fields=["desempate"])
    pagina = entrar(client, rita).get(reverse("certames:corrigir", args=[certame.pk]))
    html = pagina.content.decode()
    assert "Critérios de desempate do edital" in html and "PcD: percentual" in html
    assert 'value="especifica maior:maior"' in html
    resposta = client.post(
        reverse("certames:corrigir", args=[certame.pk]),
        _pagina(
            certame,
            desempate="especifica:maior, portugues:maior",
            pcd_percentual="5",
            pcd_teto="20",
        ),
    )
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.desempate == [["especifica", "maior"], ["portugues", "maior"]]
    assert certame.pcd_percentual == Decimal(5) and certame.pcd_arredondamento == "cima"
    registro = Registro.objects.get(certame=certame, acao="certame_corrigido")
    assert (
        "Critérios de desempate: especifica maior:maior → especifica:maior, portugues:maior"
    ) in registro.descricao
    assert "PcD (edital): o edital não reserva → 5%, arredondamento cima, teto 20%" in (
        registro.descricao
    )
    assert "Erro de digitação na criação." in registro.descricao
    assert {a["o_que"] for a in registro.dados["alteracoes"]} == {
        "Critérios de desempate",
        "PcD (edital)",
    }


def test_corrigir_desempate_com_erro_mantem_o_digitado(
    client: Any, certame: Any, rita: Any
) -> None:
    html = (
        entrar(client, rita)
        .post(
            reverse("certames:corrigir", args=[certame.pk]),
            _pagina(certame, desempate="especifica maior", motivo="Motivo que não se perde"),
        )
        .content.decode()
    )
    assert "Quis dizer “especifica:maior”?" in html
    assert "Motivo que não se perde" in html and 'value="especifica maior"' in html
    assert not Registro.objects.filter(certame=certame, acao="certame_corrigido").exists()


def test_criterio_novo_com_candidatos_importados_pede_nova_importacao(
    certame_com_candidatos: Any, rita: Any
) -> None:
    with pytest.raises(ValidationError, match=r"não o traz\. Remova a importação"):
        certame_corrigir(
            usuario=rita,
            certame=certame_com_candidatos,
            dados={"desempate": [("portugues", "maior")]},
            cargos={},
            motivo="m",
        )
    certame_com_candidatos.refresh_from_db()
    assert certame_com_candidatos.desempate == []


def test_corrigir_valor_em_aberto_da_lei_com_justificativa(client: Any, rita: Any) -> None:
    """Um valor que a lei deixa em aberto, informado na criação, corrigido antes da
    homologação: o valor e a justificativa no registro; sem justificativa, recusado no campo."""
    informados = {
        nome: {"valor": valor, "justificativa": "Edital, item 4.1"}
        for nome, valor in (
            ("afrodescendentes.arredondamento", "cima"),
            ("afrodescendentes.concorrencia_concomitante", True),
            ("afrodescendentes.desistencia", "proximo_da_mesma_lista"),
            ("afrodescendentes.fracao_entre_lotes", "total_acumulado"),
            ("afrodescendentes.limiar_vagas", 3),
            ("falsidade.anulacao", False),
            ("ordem.alternancia_proporcionalidade", True),
        )
    }
    c = certame_criar(
        usuario=rita,
        nome="Concurso ES 01/2025",
        municipio="São Mateus/ES",
        data_edital=date(2025, 6, 1),
        tipo="concurso_publico",
        informados=informados,
    )
    como_na_pagina = {
        "lacuna__afrodescendentes.arredondamento": "cima",
        "lacuna__afrodescendentes.concorrencia_concomitante": "sim",
        "lacuna__afrodescendentes.desistencia": "proximo_da_mesma_lista",
        "lacuna__afrodescendentes.fracao_entre_lotes": "total_acumulado",
        "lacuna__falsidade.anulacao": "nao",
        "lacuna__ordem.alternancia_proporcionalidade": "sim",
        **{f"justificativa__{n}": "Edital, item 4.1" for n in informados},
    }
    cargo_adicionar(usuario=rita, certame=c, codigo="ADM", nome="Administrador", vagas_edital=4)
    entrar(client, rita)
    url = reverse("certames:corrigir", args=[c.pk])
    html = client.get(url).content.decode()
    assert 'value="Edital, item 4.1"' in html  # o valor informado vem no formulário
    campo, just = (
        "lacuna__afrodescendentes.limiar_vagas",
        ("justificativa__afrodescendentes.limiar_vagas"),
    )
    # Sem mudar nada além do motivo: nada muda (o valor informado volta igual do formulário).
    html = client.post(url, _pagina(c, **como_na_pagina, **{campo: "3"})).content.decode()
    assert "Nada mudou" in html
    html = client.post(url, _pagina(c, **{**como_na_pagina, campo: "5", just: ""})).content.decode()
    assert "nunca vale sem justificativa" in html
    resposta = client.post(
        url, _pagina(c, **{**como_na_pagina, campo: "5", just: "Edital retificado, item 4.1"})
    )
    assert resposta.status_code == 302
    c.refresh_from_db()
    assert c.informados["afrodescendentes.limiar_vagas"] == {
        "valor": 5,
        "justificativa": "Edital retificado, item 4.1",
    }
    registro = Registro.objects.get(certame=c, acao="certame_corrigido")
    assert (
        "Valor em aberto da lei: afrodescendentes.limiar_vagas: 3 (justificativa: Edital, "
        "item 4.1) → 5 (justificativa: Edital retificado, item 4.1)"
    ) in registro.descricao


def test_apagar_cargo_sem_candidatos_nem_ofertas(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    c = certame_com_candidatos
    errado = cargo_adicionar(
        usuario=rita, certame=c, codigo="PROFX", nome="Digitado errado", vagas_edital=2
    )
    prof = c.cargos.get(codigo="PROF")
    entrar(client, rita)
    html = client.get(reverse("certames:corrigir", args=[c.pk])).content.decode()
    assert f"cargo_{errado.pk}_apagar" in html
    assert f"cargo_{prof.pk}_apagar" not in html  # tem candidatos: não se oferece
    resposta = client.post(
        reverse("certames:corrigir", args=[c.pk]), _pagina(c, **{f"cargo_{errado.pk}_apagar": "on"})
    )
    assert resposta.status_code == 302
    assert not Cargo.objects.filter(pk=errado.pk).exists()
    registro = Registro.objects.get(certame=c, acao="certame_corrigido")
    assert "Cargo PROFX: Digitado errado, 2 vaga(s) do edital → apagado" in registro.descricao
    # O service recusa o cargo com candidatos, dizendo por quê.
    with pytest.raises(ValidationError, match=r"PROF não se apaga: tem 8 candidato"):
        certame_corrigir(
            usuario=rita, certame=c, dados={}, cargos={}, motivo="m", cargos_apagar=[prof.pk]
        )


# --------------------------------------------------------- depois da homologação: recusa


def test_depois_da_homologacao_recusa_dizendo_por_que(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    c = certame_homologado
    with pytest.raises(ValidationError, match=r"homologado em 01/08/2025.*desempate"):
        certame_corrigir(
            usuario=rita, certame=c, dados={"desempate": [("x", "maior")]}, cargos={}, motivo="m"
        )
    with pytest.raises(ValidationError, match=r"os parâmetros de PcD"):
        retificacao_registrar(
            usuario=rita,
            certame=c,
            data=date(2025, 8, 5),
            fundamento="Ato 1",
            dados={"pcd": (Decimal(5), "cima", Decimal(20))},
            cargos={},
        )
    entrar(client, rita)
    resposta = client.get(reverse("certames:corrigir", args=[c.pk]), follow=True)
    html = resposta.content.decode()
    assert resposta.redirect_chain[-1][0] == reverse("certames:retificar", args=[c.pk])
    assert "homologado em 01/08/2025" in html and "só por um ato de retificação" in html
    assert "não mudam nem por retificação" in html
    assert 'name="desempate"' not in html and 'name="pcd_percentual"' not in html
