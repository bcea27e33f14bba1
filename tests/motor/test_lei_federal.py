"""Leis federais no catálogo (esfera e ente como dados) e a vigência mudada por atos de outras
normas (decisão judicial, lei revogadora), cada um com a sua data e o seu texto."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from cotas.motor.erros import LeiInvalida, NenhumaLeiAplicavel
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import lei_aplicavel
from tests.motor.test_legislacao import BASE, lei

FONTES = Path(__file__).resolve().parents[2] / "docs" / "fontes"
DOZE = "federal/lei-12990-2014"

FEDERAL = lei().replace('municipio = "Teste/RS"', 'esfera = "federal"\nente = "União"')

# Uma lei com prazo próprio, prorrogada por decisão judicial e depois revogada.
ATOS = """
[[vigencia.atos]]
data = 2024-05-25
norma = "STF, ADI 1"
artigo = "dispositivo"
texto = "tais cotas permanecerão sendo observadas até a nova lei"

[[vigencia.atos]]
data = 2025-06-04
fim = 2025-06-03
revogacao = true
mantem_editais_anteriores = true
norma = "Lei 2/2025"
artigo = "arts. 11 e 13"
texto = "Fica revogada a Lei 1; os editais anteriores permanecem regidos por ela."
"""


def com_atos(atos: str = ATOS, fim: str = "2024-06-09") -> str:
    texto = FEDERAL.replace("inicio = 2020-01-01", f"inicio = 2014-06-10\nfim = {fim}")
    cabeca, resto = texto.split("[falsidade]", 1)
    return cabeca + atos + "\n[falsidade]" + resto


def test_lei_federal_tem_esfera_e_ente_sem_municipio() -> None:
    federal = carregar_lei(FEDERAL, "federal.toml")
    assert federal.esfera == "federal"
    assert federal.ente == "União"
    municipal = carregar_lei(lei(), "municipal.toml")
    assert municipal.esfera == "municipal"
    assert municipal.ente == "Teste/RS"


def test_esfera_desconhecida_e_rejeitada() -> None:
    with pytest.raises(LeiInvalida, match="esfera"):
        carregar_lei(FEDERAL.replace('"federal"', '"distrital"'), "t.toml")


def test_lei_federal_sem_ente_ou_com_municipio_e_rejeitada() -> None:
    with pytest.raises(LeiInvalida, match="ente"):
        carregar_lei(FEDERAL.replace('ente = "União"', ""), "t.toml")
    with pytest.raises(LeiInvalida, match="municipio"):
        carregar_lei(FEDERAL.replace('ente = "União"', 'ente = "União"\nmunicipio = "X/RS"'), "t")


def test_lei_municipal_sem_municipio_e_rejeitada() -> None:
    with pytest.raises(LeiInvalida, match="municipio"):
        carregar_lei(BASE.replace('municipio = "Teste/RS"', ""), "t.toml")


def test_prorrogacao_por_decisao_e_revogacao_dao_o_fim_da_vigencia() -> None:
    prorrogada = carregar_lei(com_atos(), "t.toml")
    assert prorrogada.vigencia_fim == date(2025, 6, 3)
    assert prorrogada.vige_em(date(2024, 7, 1))  # depois do prazo próprio: a decisão a manteve
    assert not prorrogada.vige_em(date(2025, 6, 4))  # revogada
    valor = prorrogada.parametros["negros.percentual"].em(date(2025, 6, 3))
    assert valor is not None and valor.ate == date(2025, 6, 3)
    assert prorrogada.referencia_revogacao is not None
    assert prorrogada.referencia_revogacao.norma == "Lei 2/2025"


def test_fundamentos_da_vigencia_citam_o_ato_que_alcanca_o_edital() -> None:
    prorrogada = carregar_lei(com_atos(), "t.toml")
    antes = [r.norma for r in prorrogada.fundamentos_vigencia(date(2020, 1, 1))]
    depois = [r.norma for r in prorrogada.fundamentos_vigencia(date(2024, 7, 1))]
    assert antes == ["Lei 1/2020 de Teste/RS", "Lei 2/2025"]
    assert depois == ["Lei 1/2020 de Teste/RS", "STF, ADI 1", "Lei 2/2025"]


def test_sem_a_decisao_a_lei_acaba_no_prazo_proprio() -> None:
    so_prazo = carregar_lei(com_atos(atos=""), "t.toml")
    assert so_prazo.vigencia_fim == date(2024, 6, 9)
    assert not so_prazo.vige_em(date(2024, 7, 1))


def test_ato_depois_do_fim_da_vigencia_e_rejeitado() -> None:
    tardio = ATOS.replace("data = 2024-05-25", "data = 2024-07-01")
    with pytest.raises(LeiInvalida, match="depois do fim"):
        carregar_lei(com_atos(tardio), "t.toml")


def test_atos_fora_de_ordem_sao_rejeitados() -> None:
    primeiro, segundo = ATOS.split("\n\n[[vigencia.atos]]")
    invertidos = "\n[[vigencia.atos]]" + segundo + "\n" + primeiro
    with pytest.raises(LeiInvalida, match="ordem"):
        carregar_lei(com_atos(invertidos, fim="2030-01-01"), "t.toml")


def test_ato_sem_texto_ou_com_texto_provisorio_e_rejeitado() -> None:
    with pytest.raises(LeiInvalida, match="atos"):
        carregar_lei(com_atos(ATOS.replace('artigo = "dispositivo"\n', "")), "t.toml")
    with pytest.raises(LeiInvalida, match="provisório"):
        carregar_lei(com_atos(ATOS.replace("tais cotas", "TODO tais cotas")), "t.toml")


def test_ato_de_outra_norma_precisa_dizer_a_norma() -> None:
    with pytest.raises(LeiInvalida, match="norma"):
        carregar_lei(com_atos(ATOS.replace('norma = "STF, ADI 1"\n', "")), "t.toml")


# ---------------------------------------------------------------- a Lei 12.990/2014 no catálogo


def test_lei_12990_esta_no_catalogo_como_lei_federal() -> None:
    doze = catalogo_padrao().lei(DOZE)
    assert (doze.esfera, doze.ente) == ("federal", "União")
    assert doze.parametros["negros.percentual"].em(date(2020, 1, 1)).valor == "20"  # type: ignore[union-attr]
    assert doze.parametros["negros.limiar_vagas"].em(date(2020, 1, 1)).valor == 3  # type: ignore[union-attr]
    assert doze.parametros["negros.cores"].em(date(2020, 1, 1)).valor == ("preta", "parda")  # type: ignore[union-attr]
    assert "União" in catalogo_padrao().municipios()


def test_edital_depois_do_prazo_de_10_anos_segue_a_12990_pela_adi_7654() -> None:
    doze = lei_aplicavel(catalogo_padrao(), "União", date(2024, 7, 1))
    assert doze.id == DOZE
    normas = [r.norma for r in doze.fundamentos_vigencia(date(2024, 7, 1))]
    assert any("ADI 7.654" in n for n in normas)
    assert not any(
        "ADI 7.654" in n for n in (r.norma for r in doze.fundamentos_vigencia(date(2020, 1, 1)))
    )


def test_edital_depois_da_publicacao_da_15142_nao_segue_a_12990() -> None:
    catalogo = catalogo_padrao()
    doze = catalogo.lei(DOZE)
    assert doze.vigencia_fim == date(2025, 6, 3)
    assert lei_aplicavel(catalogo, "União", date(2025, 6, 3)).id == DOZE
    try:
        depois = lei_aplicavel(catalogo, "União", date(2025, 6, 4)).id
    except NenhumaLeiAplicavel as erro:
        assert "posterior" in str(erro) and "15.142" in str(erro)
    else:
        assert depois != DOZE


def test_edital_anterior_a_12990_nao_tem_lei_federal() -> None:
    with pytest.raises(NenhumaLeiAplicavel, match="anterior"):
        lei_aplicavel(catalogo_padrao(), "União", date(2014, 6, 9))


def _texto_das_fontes() -> str:
    return " ".join(
        " ".join(p.read_text(encoding="utf-8").split()) for p in sorted(FONTES.rglob("*.txt"))
    )


def test_todo_texto_da_lei_12990_foi_lido_nas_fontes() -> None:
    """Cada artigo citado pela lei federal está, palavra por palavra, num dos textos guardados
    que docs/fontes/LEIA-ME.md lista (os trechos entre "[...]" um a um): nada reconstruído de
    memória."""
    doze = catalogo_padrao().lei(DOZE)
    fontes = _texto_das_fontes()
    refs = [doze.referencia_vigencia, *(a.referencia for a in doze.atos_vigencia)]
    refs += [v.referencia for p in doze.parametros.values() for v in p.valores]
    refs += list(doze.citacoes.values())
    for ref in refs:
        for trecho in ref.texto.split("[...]"):
            assert trecho.strip() in fontes, (ref.norma, ref.artigo, trecho)


def test_o_que_a_12990_diz_e_nao_foi_lido_fica_desconhecido() -> None:
    doze = catalogo_padrao().lei(DOZE)
    assert {
        "negros.concorrencia_concomitante",
        "negros.desistencia",
        "negros.reversao",
        "ordem.alternancia_proporcionalidade",
        "falsidade.anulacao",
    } <= set(doze.desconhecidos())


def test_lei_federal_e_municipal_de_mesmo_periodo_nao_se_sobrepoem() -> None:
    """A sobreposição de vigências é conferida por ente: a federal e as municipais convivem."""
    federal = carregar_lei(FEDERAL.replace("lei-1-2020", "lei-9-2020"), "f.toml")
    municipal = carregar_lei(lei(), "m.toml")
    assert len(montar_catalogo([federal, municipal]).leis) == 2


def test_regras_do_edital_federal_citam_a_adi_como_fundamento_da_lei_aplicavel() -> None:
    import tomllib

    from cotas.motor.regras import regras_aplicaveis

    caminho = (
        Path(__file__).parent
        / "cenarios"
        / "lei_12990_edital_depois_dos_10_anos_mantida_pela_adi_7654.toml"
    )
    informados = tomllib.loads(caminho.read_text(encoding="utf-8"))["parametros_lei"]
    depois = regras_aplicaveis(
        catalogo_padrao(), municipio="União", data_edital=date(2024, 7, 1), informados=informados
    )
    assert depois.lei.id == DOZE
    assert "STF, ADI 7.654 MC-Ref" in depois.citacao_da_lei_aplicavel()
    assert "Lei 15.142/2025, arts. 11, 13 e 14" in depois.citacao_da_lei_aplicavel()
    antes = regras_aplicaveis(
        catalogo_padrao(), municipio="União", data_edital=date(2020, 1, 1), informados=informados
    )
    assert "ADI 7.654" not in antes.citacao_da_lei_aplicavel()


def test_o_regulamento_da_15142_so_cita_o_que_os_editais_do_dou_transcrevem() -> None:
    """Os valores do Decreto 12.536/2025 e da IN 261/2025 valem para editais a partir de
    27/06/2025, cada um citado como a transcrição de um edital do DOU (data, página, item), com
    o texto palavra por palavra em docs/fontes/federal/editais-dou-decreto-12536.txt; antes, o
    parâmetro é do operador."""
    lei = catalogo_padrao().lei("federal/lei-15142-2025")
    fontes = _texto_das_fontes()
    regulados = {nome: p for nome, p in lei.parametros.items() if p.desconhecido_ate is not None}
    assert set(regulados) == {
        "pretos_pardos.percentual",
        "indigenas.percentual",
        "quilombolas.percentual",
        "grupos.candidato_em_varios",
        "indigenas.verificacao",
    }
    for nome, p in regulados.items():
        assert p.desconhecido_ate == date(2025, 6, 26), nome
        (valor,) = p.valores
        assert valor.desde == date(2025, 6, 27)
        assert "na transcrição do edital publicado no DOU de" in valor.referencia.norma
        assert valor.referencia.artigo.endswith(" do edital")
        assert valor.referencia.texto in fontes, nome
    assert lei.desconhecidos(date(2025, 6, 26)) == sorted(
        {*regulados, *lei.desconhecidos(date(2025, 6, 27))}
    )
