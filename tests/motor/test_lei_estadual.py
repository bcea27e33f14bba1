"""Leis estaduais (esfera e ente como dados) e a prorrogação que vem depois do fim da vigência:
o ato diz desde quando a lei volta a reger editais (a convalidação), e o intervalo que ele não
alcança fica sem lei, com a razão."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from cotas.motor.erros import LeiInvalida, NenhumaLeiAplicavel
from cotas.motor.legislacao import Lei, carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import lei_aplicavel, regras_aplicaveis
from tests.cli.conftest import rodar, rodar_so_com
from tests.motor.test_legislacao import lei

FONTES = Path(__file__).resolve().parents[2] / "docs" / "fontes"
RS = "estado-rs/lei-16294-2025"
MP_RS = "Ministério Público do Estado do Rio Grande do Sul"
# A lei fictícia prorrogada depois do fim, com os seus testes de lei (tests/motor/leis/).
LEIS_DE_TESTE = Path(__file__).resolve().parent / "leis"
PRORROGADA = LEIS_DE_TESTE / "estado-de-teste" / "lei-9-2011.toml"

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


# ------------------------------- uma lei inteira prorrogada depois do fim (lei fictícia de teste)


def _prorrogada() -> Lei:
    return carregar_lei(PRORROGADA.read_text(encoding="utf-8"), str(PRORROGADA))


def test_lei_prorrogada_depois_do_fim_convalidando_a_vespera_nao_deixa_intervalo() -> None:
    teste = _prorrogada()
    assert (teste.esfera, teste.ente) == ("estadual", "Estado de Teste")
    assert "Estado de Teste" in montar_catalogo([teste]).municipios()
    assert (teste.vigencia_inicio, teste.fim_proprio, teste.vigencia_fim) == (
        date(2011, 10, 25),
        date(2021, 11, 24),
        date(2081, 12, 31),
    )
    [ato] = teste.atos_vigencia
    assert (ato.data, ato.convalida_desde, ato.referencia.norma) == (
        date(2022, 9, 15),
        date(2021, 11, 25),
        "Lei 99/2022",
    )
    assert teste.lacunas == ()
    assert teste.vige_em(date(2022, 3, 1)) and not teste.vige_em(date(2082, 1, 1))
    normas = [r.norma for r in teste.fundamentos_vigencia(date(2022, 3, 1))]
    assert normas.count("Lei 99/2022") == 2  # o prazo próprio lido dela e a prorrogação


def test_lei_prorrogada_so_fixa_o_que_a_redacao_da_prorrogacao_diz() -> None:
    teste = _prorrogada()
    percentual = teste.parametros["negros_indigenas.percentual"]
    assert percentual.desconhecido_em(date(2022, 9, 14))
    assert percentual.em(date(2022, 9, 15)).valor == "20"  # type: ignore[union-attr]
    assert teste.parametros["negros_indigenas.cores"].em(date(2023, 1, 1)).valor == (  # type: ignore[union-attr]
        "preta",
        "parda",
        "indigena",
    )
    assert set(teste.desconhecidos(date(2023, 1, 1))) == {
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


def test_os_testes_de_lei_da_lei_prorrogada_passam() -> None:
    """O edital no intervalo convalidado, o do período prorrogado, o depois do fim da prorrogação
    e os demais (tests/motor/leis/estado-de-teste/testes/), pelo `cotas testar`."""
    r = rodar_so_com(LEIS_DE_TESTE, "testar", LEIS_DE_TESTE)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "6 testes: 6 passaram, 0 falharam." in r.stdout


def test_cotas_leis_mostra_a_prorrogacao_depois_do_fim() -> None:
    r = rodar("--leis", LEIS_DE_TESTE, "leis")
    assert r.returncode == 0, r.stderr
    assert (
        "estado-de-teste/lei-9-2011 — Lei nº 9, de 25 de outubro de 2011 "
        "(Estado de Teste, estadual)"
    ) in r.stdout
    assert "a partir de 15/09/2022: até 31/12/2081, regendo os editais desde 25/11/2021" in r.stdout
    dados = json.loads(rodar("--leis", LEIS_DE_TESTE, "leis", "--json").stdout)
    teste = next(lei for lei in dados["leis"] if lei["id"] == "estado-de-teste/lei-9-2011")
    assert (teste["esfera"], teste["ente"], teste["municipio"]) == (
        "estadual",
        "Estado de Teste",
        None,
    )
    assert teste["vigencia"]["atos"][0]["convalida_desde"] == "2021-11-25"
    assert teste["vigencia"]["lacunas"] == []


# ------------------------------------------------ a Lei 16.294/2025 do Estado do Rio Grande do Sul


def test_lei_16294_esta_no_catalogo_como_lei_estadual_do_ministerio_publico() -> None:
    rs = catalogo_padrao().lei(RS)
    assert (rs.esfera, rs.ente) == ("estadual", MP_RS)
    assert MP_RS in catalogo_padrao().municipios()
    assert (rs.vigencia_inicio, rs.vigencia_fim, rs.atos_vigencia, rs.lacunas) == (
        date(2025, 5, 9),
        None,
        (),
        (),
    )
    assert not rs.vige_em(date(2025, 5, 8)) and rs.vige_em(date(2025, 5, 9))
    assert lei_aplicavel(catalogo_padrao(), MP_RS, date(2025, 8, 1)).id == RS


def test_lei_16294_so_fixa_o_que_se_leu_do_art_1() -> None:
    rs = catalogo_padrao().lei(RS)
    dia = date(2025, 8, 1)
    valores = {
        nome: rs.parametros[nome].em(dia).valor  # type: ignore[union-attr]
        for nome in (
            "abrangencia",
            "negros.percentual",
            "negros.percentual_minimo",
            "negros.cores",
            "negros.limiar_vagas",
            "negros.arredondamento",
        )
    }
    assert valores == {
        "abrangencia": ("concurso_publico",),
        "negros.percentual": "20",
        "negros.percentual_minimo": False,
        "negros.cores": ("preta", "parda"),
        "negros.limiar_vagas": 3,
        "negros.arredondamento": "meio_para_cima",
    }
    assert set(rs.desconhecidos(dia)) == {
        "negros.fracao_entre_lotes",
        "negros.concorrencia_concomitante",
        "negros.desistencia",
        "negros.reversao",
        "ordem.alternancia_proporcionalidade",
        "falsidade.anulacao",
        "heteroidentificacao.exigida",
    }


def test_todo_texto_da_lei_16294_foi_lido_nas_fontes() -> None:
    """Cada texto citado está, palavra por palavra, no texto guardado do Diário Oficial do
    Estado (docs/fontes/estado-rs/lei-16294-2025.txt; os trechos entre "[...]" um a um)."""
    fontes = " ".join(
        " ".join(p.read_text(encoding="utf-8").split())
        for p in sorted((FONTES / "estado-rs").glob("*.txt"))
    )
    rs = catalogo_padrao().lei(RS)
    refs = [rs.referencia_vigencia, *(a.referencia for a in rs.atos_vigencia)]
    refs += [v.referencia for p in rs.parametros.values() for v in p.valores]
    for ref in refs:
        for trecho in ref.texto.split("[...]"):
            assert trecho.strip() in fontes, (ref.norma, ref.artigo, trecho)


def test_cotas_leis_mostra_a_lei_estadual() -> None:
    r = rodar("leis")
    assert r.returncode == 0, r.stderr
    assert (
        f"estado-rs/lei-16294-2025 — Lei nº 16.294, de 9 de maio de 2025 ({MP_RS}, estadual)"
    ) in r.stdout
    dados = json.loads(rodar("leis", "--json").stdout)
    rs = next(lei for lei in dados["leis"] if lei["id"] == RS)
    assert (rs["esfera"], rs["ente"], rs["municipio"]) == ("estadual", MP_RS, None)
    assert rs["vigencia"]["atos"] == [] and rs["vigencia"]["lacunas"] == []


def test_cotas_reserva_pelo_ente_conta_e_a_ordem_pede_o_que_nao_se_leu() -> None:
    """A reserva usa só o que o art. 1º fixa (20%, o mínimo de 3, o arredondamento); a ordem
    usa a alternância, que está no que não se leu: é pedida, não adivinhada."""
    args = ("--municipio", MP_RS, "--data-edital", "2025-08-01", "--vagas", "10")
    r = rodar("reserva", *args)
    assert r.returncode == 0, r.stderr
    assert "20% × 10 = 2 vagas reservadas" in r.stdout
    r = rodar("ordem", *args)
    assert r.returncode == 2, r.stdout
    assert "--parametro ordem.alternancia_proporcionalidade=" in r.stderr
