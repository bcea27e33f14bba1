"""A leitura em lote (`cotas.arquivos.rapido`) dá o mesmo que a leitura linha a linha.

Cada arquivo é lido duas vezes: com o limiar da leitura em lote em zero (todo CSV tenta o lote)
e com ele infinito (todo CSV é lido linha a linha). Candidatos, avisos e erros — mensagem,
linha e coluna — têm de ser iguais; e os arquivos limpos têm de ir mesmo pelo lote.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stdnum.br import cpf as stdnum_cpf

from cotas.arquivos import candidatos as leitor
from cotas.arquivos.erros import ErrosDeEntrada
from cotas.geracao import gerar_exemplo
from cotas.motor.colunar import TabelaCandidatos
from tests.arquivos.colunas import completar
from tests.esquemas import esquema_teste
from tests.hipoteses import exemplos

RAIZ = Path(__file__).resolve().parents[2]
CAB = (
    "inscricao;nome;cpf;data_nascimento;cargo;nota;situacao;cor_raca;reserva_negros;pcd;"
    "heteroidentificacao;extra"
)
BOAS = [
    "1;Ana Lima;529.982.247-25;07/03/1960;C1;87,50;aprovado;parda;sim;não;confirmado;1,5",
    "2;Bia Rocha;11144477735;1990-12-01;C1;87,5;aprovado;branca;não;sim;;2",
    "3;Caio Reis;;;C2;7;eliminado;preta;sim;não;pendente;",
    "4;Duda Sá;;1/2/1950;C2;+0,25;aprovado;;não;não;;0,75",
]


def ler(
    caminho: Path, limiar: float, desempate: tuple[str, ...], cargos: tuple[str, ...] | None
) -> tuple[Any, ...]:
    antes = leitor.LIMIAR_LEITURA_EM_LOTE
    leitor.LIMIAR_LEITURA_EM_LOTE = limiar  # type: ignore[assignment]
    try:
        lido = leitor.ler_candidatos(
            caminho, desempate, esquema=esquema_teste(False), cargos=cargos
        )
        return ("ok", type(lido.candidatos), list(lido.candidatos), lido.avisos)
    except ErrosDeEntrada as e:
        return ("erro", e.erros, e.avisos)
    finally:
        leitor.LIMIAR_LEITURA_EM_LOTE = antes


def comparar(
    caminho: Path, desempate: tuple[str, ...] = ("extra",), cargos: tuple[str, ...] | None = None
) -> tuple[Any, ...]:
    em_lote = ler(caminho, 0, desempate, cargos)
    linha_a_linha = ler(caminho, float("inf"), desempate, cargos)
    if em_lote[0] == "ok":
        assert linha_a_linha[0] == "ok"
        assert em_lote[2:] == linha_a_linha[2:]
    else:
        assert em_lote == linha_a_linha
    return em_lote


def escrever(pasta: Path, linhas: list[str], fim: str = "\n", cod: str = "utf-8") -> Path:
    caminho = pasta / "candidatos.csv"
    # surrogateescape: "\udcff" vira o byte 0xff, para os arquivos com UTF-8 inválido
    texto = completar(fim.join(linhas) + fim)  # com as colunas obrigatórias que faltarem
    caminho.write_bytes(texto.encode(cod, "surrogateescape"))
    return caminho


def test_arquivo_limpo_vai_pelo_lote(tmp_path: Path) -> None:
    r = comparar(escrever(tmp_path, [CAB, *BOAS]))
    assert r[0] == "ok" and r[1] is TabelaCandidatos


def test_gerado_vai_pelo_lote(tmp_path: Path) -> None:
    gerar_exemplo(tmp_path, candidatos=2000, cargos=4, semente=5)
    r = comparar(tmp_path / "candidatos.csv", ("nota_conhecimentos_especificos",))
    assert r[0] == "ok" and r[1] is TabelaCandidatos


@pytest.mark.parametrize("exemplo", ["montenegro", "mostardas"])
def test_exemplos(exemplo: str) -> None:
    comparar(RAIZ / "exemplos" / exemplo / "candidatos.csv", ("nota_conhecimentos_especificos",))


VARIANTES = {
    "crlf_bom": ([CAB, *BOAS], "\r\n", "utf-8-sig"),
    "windows_1252": ([CAB, *BOAS], "\n", "cp1252"),
    "grafias": ([CAB, BOAS[0].replace(";sim;não;", ";SIM;Não;"), *BOAS[1:]], "\n", "utf-8"),
    "espaco_na_ponta": ([CAB, BOAS[0].replace("Ana Lima", " Ana Lima"), *BOAS[1:]], "\n", "utf-8"),
    "nota_com_espaco": ([CAB, BOAS[0].replace("87,50", "87,50 "), *BOAS[1:]], "\n", "utf-8"),
    "nota_invalida": ([CAB, BOAS[0].replace("87,50", "8x"), *BOAS[1:]], "\n", "utf-8"),
    "digitos_arabes": ([CAB, BOAS[0].replace("87,50", "٨٧"), *BOAS[1:]], "\n", "utf-8"),
    "cpf_invalido": (
        [CAB, BOAS[0].replace("529.982.247-25", "529.982.247-26"), *BOAS[1:]],
        "\n",
        "utf-8",
    ),
    "cpf_zero": ([CAB, BOAS[0].replace("529.982.247-25", "00000000000"), *BOAS[1:]], "\n", "utf-8"),
    "cpf_repetido_no_cargo": ([CAB, *BOAS, BOAS[1].replace("2;Bia", "5;Bia")], "\n", "utf-8"),
    "inscricao_repetida": ([CAB, *BOAS, BOAS[0]], "\n", "utf-8"),
    "data_inexistente": (
        [CAB, BOAS[0].replace("07/03/1960", "31/02/1960"), *BOAS[1:]],
        "\n",
        "utf-8",
    ),
    "ano_zero": ([CAB, BOAS[0].replace("07/03/1960", "0000-01-01"), *BOAS[1:]], "\n", "utf-8"),
    "reserva_sem_cor": (
        [CAB, BOAS[1].replace(";não;sim;;", ";sim;sim;;"), *BOAS[2:]],
        "\n",
        "utf-8",
    ),
    "parecer_sem_opcao": ([CAB, BOAS[1].replace(";não;sim;;", ";não;sim;ausente;")], "\n", "utf-8"),
    "desempate_vazio_aprovado": ([CAB, BOAS[1].replace(";;2", ";;")], "\n", "utf-8"),
    "linha_em_branco": ([CAB, BOAS[0], "", *BOAS[1:]], "\n", "utf-8"),
    "linha_so_separadores": ([CAB, BOAS[0], ";" * 11, *BOAS[1:]], "\n", "utf-8"),
    "linha_curta": ([CAB, BOAS[0], "9;X;;;C1;1", *BOAS[1:]], "\n", "utf-8"),
    "linha_longa": ([CAB, BOAS[0] + ";a", *BOAS[1:]], "\n", "utf-8"),
    "linha_longa_vazia": ([CAB, BOAS[0] + ";", *BOAS[1:]], "\n", "utf-8"),
    "linha_em_branco_crlf": ([CAB, BOAS[0], "", *BOAS[1:]], "\r\n", "utf-8"),
    "cr_solto_em_coluna_ignorada": (
        [
            CAB + ";obs",
            *(b + ";x" for b in BOAS[:1]),
            BOAS[1] + ";a\rb",
            *(b + ";" for b in BOAS[2:]),
        ],
        "\n",
        "utf-8",
    ),
    "cr_solto_no_vocabulario": (
        [CAB, BOAS[0].replace(";sim;não;", ";sim\r;não;"), *BOAS[1:]],
        "\n",
        "utf-8",
    ),
    "cr_solto_no_nome": ([CAB, BOAS[0].replace("Ana Lima", "Ana\rLima"), *BOAS[1:]], "\n", "utf-8"),
    "cr_solto_no_cabecalho": ([CAB.replace(";nome;", ";no\rme;"), *BOAS], "\n", "utf-8"),
    "cr_duplo_no_fim": ([CAB, BOAS[0] + "\r", *BOAS[1:]], "\r\n", "utf-8"),
    "utf8_invalido_no_fim": (
        [CAB, *BOAS[:-1], BOAS[-1].replace("Duda", "Dud\udcff")],
        "\n",
        "utf-8",
    ),
    "nul_no_nome": ([CAB, BOAS[0].replace("Ana Lima", "Ana\x00Lima"), *BOAS[1:]], "\n", "utf-8"),
    "aspas": ([CAB, BOAS[0].replace("Ana Lima", '"Ana; Lima"'), *BOAS[1:]], "\n", "utf-8"),
    "coluna_desconhecida": ([CAB + ";cor_olhos", *(b + ";azul" for b in BOAS)], "\n", "utf-8"),
    "sem_colunas_opcionais": (
        ["inscricao;nome;cargo;nota;extra", "1;A;C;1;1", "2;B;C;2;2"],
        "\n",
        "utf-8",
    ),
    "classificacao": (
        ["inscricao;nome;cargo;nota;classificacao;extra", "1;A;C;1;2;1", "2;B;C;2;1;1"],
        "\n",
        "utf-8",
    ),
    "classificacao_zero": (
        ["inscricao;nome;cargo;nota;classificacao;extra", "1;A;C;1;0;1"],
        "\n",
        "utf-8",
    ),
    "opcao_lista": (
        ["inscricao;nome;cargo;nota;opcao_lista;extra", "1;A;C;1;pcd;1", "2;B;C;2;;1"],
        "\n",
        "utf-8",
    ),
    "cabecalho_repetido": (["inscricao;nome;cargo;nota;Nota;extra", "1;A;C;1;1;1"], "\n", "utf-8"),
    "falta_obrigatoria": (["inscricao;nome;nota;extra", "1;A;1;1"], "\n", "utf-8"),
    "cabecalho_depois_de_branco": (["", CAB, *BOAS], "\n", "utf-8"),
    "so_cabecalho": ([CAB], "\n", "utf-8"),
    "virgula": (
        [CAB.replace(";", ","), *(b.replace(",", ".").replace(";", ",") for b in BOAS)],
        "\n",
        "utf-8",
    ),
}


@pytest.mark.parametrize("nome", list(VARIANTES))
def test_variantes_iguais(nome: str, tmp_path: Path) -> None:
    linhas, fim, cod = VARIANTES[nome]
    comparar(escrever(tmp_path, list(linhas), fim, cod))


@st.composite
def _cpfs(draw: st.DrawFn) -> str:
    """Textos de CPF: metade com os dígitos verificadores certos, com e sem pontuação, e
    alguns fora da forma (que a leitura em lote não aceita: `_cpf_ok` nulo)."""
    base = draw(st.text("0123456789", min_size=9, max_size=9))
    if draw(st.booleans()):
        digitos = base + stdnum_cpf._calc_check_digits(base)
    else:
        digitos = base + draw(st.text("0123456789", min_size=2, max_size=2))
    forma = draw(st.sampled_from(["pura", "pontuada", "outra"]))
    if forma == "pontuada":
        return f"{digitos[:3]}.{digitos[3:6]}.{digitos[6:9]}-{digitos[9:]}"
    if forma == "outra":
        return draw(st.sampled_from([digitos[:10], digitos + "0", "", "abc.def.ghi-jk"]))
    return digitos


@settings(max_examples=exemplos(300))
@given(st.lists(_cpfs(), min_size=1, max_size=40))
def test_digito_verificador_do_cpf_em_lote_igual_ao_stdnum(textos: list[str]) -> None:
    """O CPF conferido pelo polars (`rapido._com_cpf_conferido`) é válido exatamente quando o
    `stdnum` (a leitura linha a linha) o aceita, para os textos na forma que o lote aceita."""
    import polars as pl

    from cotas.arquivos import rapido

    quadro = rapido._com_cpf_conferido(pl.LazyFrame({"cpf": textos}), "cpf").collect()
    for texto, digitos, ok in quadro.select("cpf", "_cpf_digitos", "_cpf_ok").iter_rows():
        if not re.fullmatch(rapido._CPF, texto):
            continue  # fora da forma: o arquivo vai à leitura linha a linha
        assert ok == stdnum_cpf.is_valid(texto), texto
        assert digitos == stdnum_cpf.compact(texto)


@pytest.mark.parametrize(
    ("linha", "coluna"),
    [
        ("4;Duda Sá;;1/2/1950;C2;+0,25;;;não;não;;0,75", "situacao"),
        ("4;Duda Sá;;1/2/1950;C2;+0,25;aprovado;;;não;;0,75", "reserva_negros"),
        ("4;Duda Sá;;1/2/1950;C2;+0,25;aprovado;;não; ;;0,75", "pcd"),
    ],
)
def test_celula_vazia_que_decide_e_erro_nos_dois_caminhos(
    tmp_path: Path, linha: str, coluna: str
) -> None:
    # Vazio não é "aprovado" nem "não optou": um eliminado seria nomeado, uma opção pela reserva
    # perdida em silêncio. Os dois caminhos de leitura recusam com a linha e a coluna.
    r = comparar(escrever(tmp_path, [CAB, *BOAS[:3], linha]))
    assert r[0] == "erro"
    assert (5, coluna) in [(e.linha, e.coluna) for e in r[1]]


def _esquema_federal() -> Any:
    from datetime import date

    from cotas.arquivos.esquema import esquema_do_certame
    from cotas.motor.legislacao import catalogo_padrao
    from cotas.motor.regras import regras_aplicaveis

    regras = regras_aplicaveis(
        catalogo_padrao(), municipio="União", data_edital=date(2026, 2, 2), usados=()
    )
    assert regras.candidato_em_varios == "maior_percentual"
    return esquema_do_certame(regras)


@pytest.mark.parametrize(
    ("linha", "pede_a_opcao"),
    [
        # pretos e pardos e quilombolas: a lei classifica só no de maior percentual
        ("1;Ana;C1;80;aprovado;parda;sim;não;sim;não;01/01/1990;confirmado;;confirmado", False),
        # um grupo da lei e PcD: a escolha é do candidato
        ("1;Ana;C1;80;aprovado;parda;sim;não;não;sim;01/01/1990;confirmado;;", True),
    ],
)
def test_opcao_lista_so_onde_a_lei_deixa_a_escolha_ao_candidato(
    tmp_path: Path, linha: str, pede_a_opcao: bool
) -> None:
    """Sob uma lei que classifica quem optou por vários grupos dela só no de maior percentual,
    a coluna opcao_lista não é pedida a quem optou só por grupos da lei (seria pedida e
    ignorada); quem optou também por PcD ainda escolhe. As duas leituras dizem o mesmo."""
    cabecalho = (
        "inscricao;nome;cargo;nota;situacao;cor_raca;reserva_pretos_pardos;reserva_indigenas;"
        "reserva_quilombolas;pcd;data_nascimento;confirmacao_pretos_pardos;"
        "confirmacao_indigenas;confirmacao_quilombolas"
    )
    caminho = tmp_path / "candidatos.csv"
    caminho.write_text(f"{cabecalho}\n{linha}\n", encoding="utf-8")
    resultados: list[list[str]] = []
    for limiar in (0, float("inf")):
        antes = leitor.LIMIAR_LEITURA_EM_LOTE
        leitor.LIMIAR_LEITURA_EM_LOTE = limiar  # type: ignore[assignment]
        try:
            leitor.ler_candidatos(caminho, esquema=_esquema_federal())
            resultados.append([])
        except ErrosDeEntrada as e:
            resultados.append([str(x) for x in e.erros])
        finally:
            leitor.LIMIAR_LEITURA_EM_LOTE = antes
    assert resultados[0] == resultados[1]
    assert any("falta a coluna opcao_lista" in e for e in resultados[0]) is pede_a_opcao, resultados
    if not pede_a_opcao:
        assert resultados[0] == []


# Cada regra de campo está escrita uma vez (`cotas.arquivos.campos`) e as duas leituras a usam:
# a linha a linha por valor, a em lote nas expressões do polars. Para cada valor difícil, o
# arquivo com ele dá o mesmo nas duas (`comparar`: candidatos, erros, linha e coluna), e o
# caminho esperado: "lote" (a leitura em lote aceita), "linha" (a em lote devolve o arquivo e a
# linha a linha o aceita) ou "erro".
VALORES_DIFICEIS: dict[str, list[tuple[str, str]]] = {
    "cpf": [
        ("529.982.247-25", "lote"),
        ("52998224725", "lote"),
        ("000.000.001-91", "lote"),
        ("", "lote"),
        ("529.982.247-26", "erro"),
        ("52998224715", "erro"),
        ("00000000000", "erro"),
        ("111.111.111-11", "erro"),
        ("99999999999", "erro"),
        ("5299822472", "erro"),
        ("529982247250", "erro"),
        ("529.982.24725", "linha"),
        ("529 982 247 25", "linha"),
        ("529.982.247–25", "linha"),  # (traço, não hífen: o stdnum aceita)
        ("٥٢٩٩٨٢٢٤٧٢٥", "erro"),
        ("abc.def.ghi-jk", "erro"),
    ],
    "data_nascimento": [
        ("07/03/1960", "lote"),
        ("7/3/1960", "lote"),
        ("1960-03-07", "lote"),
        ("1960-3-7", "lote"),
        ("29/02/1960", "lote"),
        ("01/01/1900", "lote"),
        ("", "lote"),
        ("29/02/1961", "erro"),
        ("31/02/1960", "erro"),
        ("1960-13-01", "erro"),
        ("31/12/1899", "erro"),
        ("0000-01-01", "erro"),
        ("01/01/2999", "erro"),
        ("1960/03/07", "erro"),
        ("07-03-1960", "erro"),
        ("07/03/60", "erro"),
        ("07/03/19600", "erro"),
        ("007/03/1960", "erro"),
        ("1960-03-07T00:00", "erro"),
        ("07.03.1960", "erro"),
        (" 07/03/1960", "linha"),
        ("٠٧/٠٣/١٩٦٠", "linha"),  # (algarismos arábicos: o `re` e o `int` do Python os leem)
    ],
    "nota": [
        ("87,5", "lote"),
        ("87.5", "lote"),
        ("+0,25", "lote"),
        (",5", "lote"),
        ("7.", "lote"),
        ("-0", "lote"),
        ("-0,00", "lote"),
        ("1,123456", "lote"),
        ("123456789,123456", "lote"),
        ("000000000123456789", "lote"),
        ("-1", "erro"),
        ("-0,01", "erro"),
        ("1,1234567", "erro"),
        ("1.1234560", "erro"),
        ("1234567890", "erro"),
        ("1,2,3", "erro"),
        ("1.234,5", "erro"),
        ("1e3", "erro"),
        (".", "erro"),
        ("+", "erro"),
        ("", "erro"),
        ("8x", "erro"),
        ("87,50 ", "linha"),
        ("٨٧", "linha"),
        ("٠٠٠٠٠٠٠٠٠٠٨٧", "linha"),
    ],
    "extra": [  # (critério de desempate do edital: a forma e os limites da nota, sem o sinal)
        ("1,5", "lote"),
        ("-1,5", "lote"),
        ("0,000001", "lote"),
        ("0,0000001", "erro"),
        ("1234567890", "erro"),
        ("1,2,3", "erro"),
    ],
}
_POSICAO = {coluna: i for i, coluna in enumerate(CAB.split(";"))}


@pytest.mark.parametrize(
    ("coluna", "valor", "caminho"),
    [(c, v, caminho) for c, valores in VALORES_DIFICEIS.items() for v, caminho in valores],
)
def test_as_duas_leituras_concordam_em_cada_regra_de_campo(
    tmp_path: Path, coluna: str, valor: str, caminho: str
) -> None:
    celulas = BOAS[0].split(";")
    celulas[_POSICAO[coluna]] = valor
    r = comparar(escrever(tmp_path, [CAB, ";".join(celulas), *BOAS[1:]]))
    if caminho == "erro":
        assert r[0] == "erro" and [(e.linha, e.coluna) for e in r[1]] == [(2, coluna)], r
    else:
        assert r[0] == "ok", r
        esperado = TabelaCandidatos if caminho == "lote" else list
        assert r[1] is esperado, r


@pytest.mark.parametrize(
    ("valor", "caminho"),
    [
        ("1", "lote"),
        ("01", "lote"),
        ("999999999", "lote"),
        ("", "lote"),
        ("0", "erro"),
        ("1234567890", "erro"),
        ("²", "erro"),
        ("1,0", "erro"),
        ("+1", "erro"),
        ("-1", "erro"),
    ],
)
def test_as_duas_leituras_concordam_na_classificacao(
    tmp_path: Path, valor: str, caminho: str
) -> None:
    linhas = ["inscricao;nome;cargo;nota;classificacao;extra", f"1;A;C;1;{valor};1"]
    r = comparar(escrever(tmp_path, linhas))
    if caminho == "erro":
        assert r[0] == "erro" and [(e.linha, e.coluna) for e in r[1]] == [(2, "classificacao")]
    else:
        assert r[0] == "ok" and r[1] is TabelaCandidatos, r
