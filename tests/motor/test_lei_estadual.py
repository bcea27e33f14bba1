"""Leis estaduais (esfera e ente como dados) e a prorrogação que vem depois do fim da vigência:
o ato diz desde quando a lei volta a reger editais (a convalidação), e o intervalo que ele não
alcança fica sem lei, com a razão."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from cotas.motor.erros import LeiInvalida, NenhumaLeiAplicavel
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import lei_aplicavel, regras_aplicaveis
from tests.cli.conftest import rodar
from tests.motor.test_legislacao import lei

FONTES = Path(__file__).resolve().parents[2] / "docs" / "fontes"
RJ = "estado-rj/lei-6067-2011"

ESTADUAL = lei().replace('municipio = "Teste/RS"', 'esfera = "estadual"\nente = "Estado de Teste"')

# Prazo próprio até 24/10/2021; a lei que o prorroga sai em 15/09/2022 e convalida os atos desde
# 25/11/2021: de 25/10/2021 a 24/11/2021 não há lei.
PRORROGACAO = """
[[vigencia.atos]]
data = 2022-09-15
fim = 2081-12-31
convalida_desde = 2021-11-25
norma = "Lei 9/2022"
artigo = "art. 1º"
texto = "Prorroga a vigência até 2081 e convalida os atos desde 25 de novembro de 2021."
"""


def prorrogada(atos: str = PRORROGACAO, fim: str = "2021-10-24") -> str:
    texto = ESTADUAL.replace("inicio = 2020-01-01", f"inicio = 2011-10-25\nfim = {fim}")
    cabeca, resto = texto.split("[falsidade]", 1)
    return cabeca + atos + "\n[falsidade]" + resto


def test_lei_estadual_tem_esfera_e_o_estado_como_ente() -> None:
    estadual = carregar_lei(ESTADUAL, "estadual.toml")
    assert (estadual.esfera, estadual.ente) == ("estadual", "Estado de Teste")
    with pytest.raises(LeiInvalida, match="ente"):
        carregar_lei(ESTADUAL.replace('ente = "Estado de Teste"', ""), "t.toml")
    with pytest.raises(LeiInvalida, match="municipio"):
        carregar_lei(
            ESTADUAL.replace('ente = "Estado de Teste"', 'ente = "E"\nmunicipio = "X"'), "t"
        )


def test_lei_estadual_e_municipal_do_mesmo_periodo_convivem_no_catalogo() -> None:
    estadual = carregar_lei(ESTADUAL.replace("lei-1-2020", "lei-8-2020"), "e.toml")
    municipal = carregar_lei(lei(), "m.toml")
    catalogo = montar_catalogo([estadual, municipal])
    assert lei_aplicavel(catalogo, "Estado de Teste", date(2021, 1, 1)).id == estadual.id
    assert lei_aplicavel(catalogo, "estado de teste", date(2021, 1, 1)).id == estadual.id


def test_prorrogacao_depois_do_fim_deixa_o_intervalo_nao_convalidado_sem_lei() -> None:
    carregada = carregar_lei(prorrogada(), "t.toml")
    assert carregada.vigencia_fim == date(2081, 12, 31)
    [lacuna] = carregada.lacunas
    assert (lacuna.inicio, lacuna.fim) == (date(2021, 10, 25), date(2021, 11, 24))
    assert carregada.vige_em(date(2021, 10, 24))  # o último dia do prazo próprio
    assert not carregada.vige_em(date(2021, 10, 25))
    assert not carregada.vige_em(date(2021, 11, 24))
    assert carregada.vige_em(date(2021, 11, 25))  # convalidado, antes da publicação do ato
    assert carregada.vige_em(date(2023, 3, 1))


def test_fundamentos_citam_a_prorrogacao_so_depois_do_prazo_proprio() -> None:
    carregada = carregar_lei(prorrogada(), "t.toml")
    assert [r.norma for r in carregada.fundamentos_vigencia(date(2015, 1, 1))] == [
        "Lei 1/2020 de Teste/RS"
    ]
    assert [r.norma for r in carregada.fundamentos_vigencia(date(2022, 3, 1))] == [
        "Lei 1/2020 de Teste/RS",
        "Lei 9/2022",
    ]


@pytest.mark.parametrize("por", ["lei", "ente"])
def test_edital_no_intervalo_sem_lei_e_recusado_com_a_razao(por: str) -> None:
    catalogo = montar_catalogo([carregar_lei(prorrogada(), "t.toml")])
    alvo = {"lei_id": "teste-rs/lei-1-2020"} if por == "lei" else {"municipio": "Estado de Teste"}
    with pytest.raises(NenhumaLeiAplicavel) as erro:
        regras_aplicaveis(catalogo, data_edital=date(2021, 11, 1), **alvo)  # type: ignore[arg-type]
    mensagem = str(erro.value)
    for trecho in (
        "vigeu até 24/10/2021",
        "Lei 9/2022, de 15/09/2022",
        "desde 25/11/2021",
        "Lei 9/2022, art. 1º",
        "o edital de 01/11/2021 fica no intervalo sem lei, de 25/10/2021 a 24/11/2021",
    ):
        assert trecho in mensagem


def test_prorrogacao_que_nao_retroage_rege_so_desde_a_data_do_ato() -> None:
    sem_retroagir = PRORROGACAO.replace(
        "convalida_desde = 2021-11-25", "convalida_desde = 2022-09-15"
    )
    [lacuna] = carregar_lei(prorrogada(sem_retroagir), "t.toml").lacunas
    assert (lacuna.inicio, lacuna.fim) == (date(2021, 10, 25), date(2022, 9, 14))


def test_convalidacao_desde_o_dia_seguinte_ao_fim_nao_deixa_intervalo() -> None:
    assert carregar_lei(prorrogada(fim="2021-11-24"), "t.toml").lacunas == ()


def test_ato_depois_do_fim_sem_dizer_desde_quando_e_rejeitado() -> None:
    sem_data = PRORROGACAO.replace("convalida_desde = 2021-11-25\n", "")
    with pytest.raises(LeiInvalida, match=r"depois do fim.*convalida_desde"):
        carregar_lei(prorrogada(sem_data), "t.toml")


@pytest.mark.parametrize(
    ("convalida_desde", "fim", "erro"),
    [
        ("2021-10-01", "2021-10-24", "deve estar entre"),  # antes do fim: nada a convalidar
        ("2022-10-01", "2021-10-24", "deve estar entre"),  # depois do próprio ato
        ("2021-11-25", "2030-01-01", "só cabe a um ato posterior ao fim"),  # a lei ainda vigia
    ],
)
def test_convalidacao_fora_do_lugar_e_rejeitada(convalida_desde: str, fim: str, erro: str) -> None:
    atos = PRORROGACAO.replace("2021-11-25", convalida_desde)
    with pytest.raises(LeiInvalida, match=erro):
        carregar_lei(prorrogada(atos, fim=fim), "t.toml")


# ---------------------------------------------------- a Lei 6.067/2011 do Estado do Rio de Janeiro


def test_lei_6067_esta_no_catalogo_como_lei_estadual_prorrogada() -> None:
    rj = catalogo_padrao().lei(RJ)
    assert (rj.esfera, rj.ente) == ("estadual", "Estado do Rio de Janeiro")
    assert "Estado do Rio de Janeiro" in catalogo_padrao().municipios()
    assert (rj.vigencia_inicio, rj.fim_proprio, rj.vigencia_fim) == (
        date(2011, 10, 25),
        date(2021, 11, 24),
        date(2081, 12, 31),
    )
    [ato] = rj.atos_vigencia
    assert (ato.data, ato.convalida_desde, ato.referencia.norma) == (
        date(2022, 9, 15),
        date(2021, 11, 25),
        "Lei 9.852/2022",
    )
    assert rj.lacunas == ()
    assert rj.vige_em(date(2022, 3, 1)) and not rj.vige_em(date(2082, 1, 1))
    normas = [r.norma for r in rj.fundamentos_vigencia(date(2022, 3, 1))]
    assert normas.count("Lei 9.852/2022") == 2  # o prazo próprio lido dela e a prorrogação


def test_lei_6067_so_fixa_o_que_se_leu_e_so_para_editais_da_redacao_da_9852() -> None:
    rj = catalogo_padrao().lei(RJ)
    percentual = rj.parametros["negros_indigenas.percentual"]
    assert percentual.desconhecido_em(date(2022, 9, 14))
    assert percentual.em(date(2022, 9, 15)).valor == "20"  # type: ignore[union-attr]
    assert rj.parametros["negros_indigenas.cores"].em(date(2023, 1, 1)).valor == (  # type: ignore[union-attr]
        "preta",
        "parda",
        "indigena",
    )
    assert set(rj.desconhecidos(date(2023, 1, 1))) == {
        "negros_indigenas.limiar_vagas",
        "negros_indigenas.arredondamento",
        "negros_indigenas.fracao_entre_lotes",
        "negros_indigenas.concorrencia_concomitante",
        "negros_indigenas.desistencia",
        "negros_indigenas.reversao",
        "ordem.alternancia_proporcionalidade",
        "falsidade.anulacao",
        "heteroidentificacao.exigida",
    }


def test_todo_texto_da_lei_6067_foi_lido_nas_fontes() -> None:
    """Cada texto citado está, palavra por palavra, num dos textos guardados para a lei
    (docs/fontes/estado-rj/lei-9852-2022.txt e lei-6067-2011.txt; os trechos entre "[...]" um a
    um)."""
    fontes = " ".join(
        " ".join(p.read_text(encoding="utf-8").split())
        for p in sorted((FONTES / "estado-rj").glob("*.txt"))
    )
    rj = catalogo_padrao().lei(RJ)
    refs = [rj.referencia_vigencia, *(a.referencia for a in rj.atos_vigencia)]
    refs += [v.referencia for p in rj.parametros.values() for v in p.valores]
    for ref in refs:
        for trecho in ref.texto.split("[...]"):
            assert trecho.strip() in fontes, (ref.norma, ref.artigo, trecho)


def test_cotas_leis_mostra_a_lei_estadual_e_a_prorrogacao() -> None:
    r = rodar("leis")
    assert r.returncode == 0, r.stderr
    assert (
        "estado-rj/lei-6067-2011 — Lei nº 6.067, de 25 de outubro de 2011 "
        "(Estado do Rio de Janeiro, estadual)"
    ) in r.stdout
    assert "a partir de 15/09/2022: até 31/12/2081, regendo os editais desde 25/11/2021" in r.stdout
    dados = json.loads(rodar("leis", "--json").stdout)
    rj = next(lei for lei in dados["leis"] if lei["id"] == RJ)
    assert (rj["esfera"], rj["ente"], rj["municipio"]) == (
        "estadual",
        "Estado do Rio de Janeiro",
        None,
    )
    assert rj["vigencia"]["atos"][0]["convalida_desde"] == "2021-11-25"
    assert rj["vigencia"]["lacunas"] == []


def test_cotas_reserva_pelo_estado_pede_o_que_nao_se_leu() -> None:
    r = rodar(
        "reserva",
        "--municipio",
        "Estado do Rio de Janeiro",
        "--data-edital",
        "2023-03-01",
        "--vagas",
        "10",
    )
    assert r.returncode != 0
    assert "negros_indigenas.limiar_vagas" in r.stderr + r.stdout
