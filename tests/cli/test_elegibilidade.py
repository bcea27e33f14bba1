"""A elegibilidade além da cor como dado da lei (`[[campos]]` e `<grupo>.elegibilidade`,
`cotas.motor.elegibilidade`): os testes de lei das leis de teste de `tests/leis/`, a mesma
declaração nas duas formas do motor (candidato a candidato e em colunas), as duas leituras do
arquivo e as recusas do carregador."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotas.arquivos import candidatos as leitor
from cotas.arquivos.erros import ErrosDeEntrada
from cotas.arquivos.esquema import esquema_do_certame
from cotas.motor.candidatos import Candidato, CorRaca
from cotas.motor.colunar import TabelaCandidatos, montar_listas
from cotas.motor.elegibilidade import Elegibilidade, ler_elegibilidade
from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import carregar_lei, montar_catalogo
from cotas.motor.regras import Regras, regras_aplicaveis
from tests.cli.conftest import rodar_so_com

LEIS = Path(__file__).resolve().parents[1] / "leis"
ESCOLA = LEIS / "escola-publica-br" / "lei-1-2026.toml"
QUILOMBO = LEIS / "cor-ou-quilombola-br" / "lei-2-2026.toml"


def _regras(caminho: Path, minimo: int = 7) -> Regras:
    texto = caminho.read_text(encoding="utf-8").replace("minimo = 7", f"minimo = {minimo}")
    lei = carregar_lei(texto, str(caminho))
    return regras_aplicaveis(montar_catalogo([lei]), lei_id=lei.id, data_edital=date(2026, 3, 1))


def test_os_testes_de_lei_das_leis_de_teste_passam() -> None:
    r = rodar_so_com(LEIS, "testar", LEIS)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "4 testes: 4 passaram, 0 falharam." in r.stdout


@pytest.mark.parametrize(("minimo", "lista"), [(7, ["2"]), (6, ["1", "2"]), (8, [])])
def test_o_minimo_da_lei_decide_a_lista_reservada(minimo: int, lista: list[str]) -> None:
    candidatos = [_candidato("1", "parda", True, 6), _candidato("2", "preta", True, 7)]
    listas = montar_listas(_regras(ESCOLA, minimo), "ADM", candidatos)
    assert [c.inscricao for c in listas.reservadas["negros"]] == lista


def _candidato(inscricao: str, cor: str, optou: bool, anos: int | None) -> Candidato:
    return Candidato(
        inscricao,
        f"Pessoa {inscricao}",
        "ADM",
        Decimal(100 - int(inscricao)),
        cor_raca=CorRaca(cor),
        reservas=frozenset({"negros"} if optou else ()),
        campos=() if anos is None else (("anos_escola_publica", anos),),
    )


def test_quem_tem_menos_anos_que_o_minimo_fica_fora_com_a_razao_e_o_artigo() -> None:
    regras = _regras(ESCOLA)
    candidatos = [
        _candidato("1", "parda", True, 6),
        _candidato("2", "preta", True, 7),
        _candidato("3", "branca", False, 0),
    ]
    listas = montar_listas(regras, "ADM", candidatos)
    assert [c.inscricao for c in listas.reservadas["negros"]] == ["2"]
    (razao,) = listas.observacoes["1"]
    assert razao.codigo == "nao_elegivel"
    assert "ao menos 7" in razao.texto and "anos_escola_publica 6" in razao.texto
    artigos = [r.artigo for r in razao.fundamentos]
    assert artigos == ["art. 2º, caput", "art. 2º, parágrafo único"]


_CORES = st.sampled_from([c.value for c in CorRaca])


@given(
    st.lists(
        st.tuples(_CORES, st.booleans(), st.one_of(st.none(), st.integers(0, 12)), st.booleans()),
        max_size=30,
    )
)
def test_a_mesma_declaracao_nas_duas_formas(
    linhas: list[tuple[str, bool, int | None, bool]],
) -> None:
    """`em_colunas` (polars) diz de cada linha o que a declaração diz: a cor preta ou parda com ao
    menos 7 anos, ou quilombola."""
    elegibilidade = ler_elegibilidade(
        [{"cores": ["preta", "parda"], "anos": {"minimo": 7}}, {"quilombola": True}]
    )
    assert isinstance(elegibilidade, Elegibilidade)
    candidatos = [
        Candidato(
            str(i),
            "X",
            "ADM",
            Decimal(1),
            cor_raca=CorRaca(cor),
            campos=(
                *((("anos", anos),) if anos is not None else ()),
                *((("quilombola", quilombola),) if quilombola else ()),
            ),
        )
        for i, (cor, _, anos, quilombola) in enumerate(linhas)
    ]
    tabela = TabelaCandidatos.de_candidatos(
        candidatos, (), (), campos={"anos": pl.Int64, "quilombola": pl.Boolean}
    )
    em_colunas = tabela.quadro.select(elegibilidade.em_colunas().alias("e"))["e"].to_list()
    assert em_colunas == [
        (cor in ("preta", "parda") and anos is not None and anos >= 7) or quilombola
        for cor, _, anos, quilombola in linhas
    ]
    # E a tabela devolve os mesmos campos que recebeu.
    assert [c.campos for c in tabela] == [c.campos for c in candidatos]


def _ler(caminho: Path, limiar: float) -> object:
    antes = leitor.LIMIAR_LEITURA_EM_LOTE
    leitor.LIMIAR_LEITURA_EM_LOTE = limiar  # type: ignore[assignment]
    try:
        lido = leitor.ler_candidatos(caminho, (), esquema=esquema_do_certame(_regras(ESCOLA)))
        return ("ok", [(c.inscricao, c.campos) for c in lido.candidatos])
    except ErrosDeEntrada as e:
        return ("erro", [str(x) for x in e.erros])
    finally:
        leitor.LIMIAR_LEITURA_EM_LOTE = antes


@pytest.mark.parametrize(
    "nome",
    [
        "anos-de-escola-publica-abaixo-do-minimo.csv",
        "anos-de-escola-publica-invalidos-sao-recusados.csv",
        "sem-a-coluna-dos-anos-de-escola-publica-e-recusado.csv",
    ],
)
def test_a_leitura_em_lote_e_a_linha_a_linha_leem_o_mesmo(nome: str) -> None:
    caminho = ESCOLA.parent / "testes" / nome
    assert _ler(caminho, 0) == _ler(caminho, float("inf"))


def test_a_leitura_le_os_anos_como_inteiros() -> None:
    caminho = ESCOLA.parent / "testes" / "anos-de-escola-publica-abaixo-do-minimo.csv"
    assert _ler(caminho, 0) == (
        "ok",
        [
            (str(i), (("anos_escola_publica", anos),))
            for i, anos in zip(range(201, 206), (0, 3, 6, 7, 12), strict=True)
        ],
    )


@pytest.mark.parametrize(
    ("troca", "erro"),
    [
        (("anos_escola_publica = { minimo = 7 }", "anos = { minimo = 7 }"),
         "o campo 'anos' não está declarado em [[campos]]"),
        (("anos_escola_publica = { minimo = 7 }", "anos_escola_publica = true"),
         "o campo 'anos_escola_publica' é inteiro: o critério é { minimo = N }"),
        (('tipo = "inteiro"', 'tipo = "texto"'), "'tipo' deve ser um de: inteiro, booleano"),
        (('artigo = "art. 2º, parágrafo único"\n', ""), "sem referência legal"),
        (("{ minimo = 7 }", "{ minimo = -1 }"), "deve ser true (campo booleano) ou"),
        (('[[parametros]]\nnome = "abrangencia"',
          '[[parametros]]\nnome = "negros.cores"\nvalor = ["preta"]\nartigo = "a"\ntexto = "t"\n'
          '[[parametros]]\nnome = "abrangencia"'),
         "o grupo declara também 'negros.cores'"),
    ],
)  # fmt: skip
def test_o_carregador_recusa_o_campo_ou_o_criterio_malformado(
    troca: tuple[str, str], erro: str
) -> None:
    texto = ESCOLA.read_text(encoding="utf-8")
    assert troca[0] in texto
    with pytest.raises(LeiInvalida) as exc:
        carregar_lei(texto.replace(troca[0], troca[1], 1), "lei.toml")
    assert erro in str(exc.value)


def test_um_campo_que_nenhum_grupo_le_e_recusado() -> None:
    texto = (
        ESCOLA.read_text(encoding="utf-8")
        .replace("anos_escola_publica = { minimo = 7 }", "cores = ['indigena']", 1)
        .replace('cores = ["preta", "parda"], ', "", 1)
    )
    with pytest.raises(LeiInvalida) as exc:
        carregar_lei(texto, "lei.toml")
    assert "campo 'anos_escola_publica': nenhum grupo o lê" in str(exc.value)
