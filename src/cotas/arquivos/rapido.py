"""Leitura em lote de CSVs grandes (polars), com o mesmo resultado da leitura linha a linha.

A leitura linha a linha (`candidatos._ler_linhas`) custa uns 40 µs por linha: 40 s para um
milhão de inscrições. Aqui as colunas são conferidas de uma vez, com expressões do polars, e o
resultado é uma `TabelaCandidatos` (os `Candidato` só são criados quando o motor os pede).

A regra que mantém as duas leituras iguais: este caminho só aceita o arquivo quando pode provar
que a leitura linha a linha não acharia NADA a dizer sobre as linhas — nenhum erro e nenhum aviso
de linha. Valores fora da forma canônica (espaços nas pontas, dígitos não ASCII, aspas, linhas
em branco no meio, uma só inscrição repetida, um CPF inválido...) fazem `ler_csv_em_lote`
devolver None, e o arquivo é lido linha a linha, que produz as mensagens de sempre, com linha e
coluna. Os vocabulários fechados (situação, cor, sim/não, parecer) passam pelos mesmos
conversores, uma vez por grafia distinta. Só os avisos do cabeçalho (coluna desconhecida, sem
nome) podem existir aqui, e vêm do mesmo código.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

import polars as pl

from cotas.arquivos.erros import ErroEntrada
from cotas.motor.candidatos import CorRaca
from cotas.motor.lote import ESQUEMA, PREFIXO_DESEMPATE, TabelaCandidatos

# Sem espaço nas pontas, para `str.strip()` do Python: o `\s` do polars (Unicode) e \x1c-\x1f.
_LIMPO = r"^[^\s\x1c-\x1f]([^\r\n]*[^\s\x1c-\x1f])?$"
_NUMERO = r"^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$"
_DATA_ISO = r"^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$"
_DATA_BR = r"^([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})$"
_CPF = r"^([0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}|[0-9]{11})$"
_MAX_GRAFIAS = 200  # mais grafias distintas que isso num vocabulário fechado: linha a linha


def _cpf_valido(digitos: pl.Expr) -> pl.Expr:
    """Os dígitos verificadores do CPF, como `stdnum.br.cpf.validate` os confere (e não zero)."""
    d = [digitos.str.slice(i, 1).cast(pl.Int64, strict=False) for i in range(11)]
    soma1 = sum((10 - i) * d[i] for i in range(9))
    # (11 - s) % 11 % 10 do stdnum, sem operandos negativos: (11 - s % 11) % 11 % 10
    dv1 = (11 - soma1 % 11) % 11 % 10
    soma2 = sum((11 - i) * d[i] for i in range(9)) + 2 * dv1
    dv2 = (11 - soma2 % 11) % 11 % 10
    return (dv1 == d[9]) & (dv2 == d[10]) & (digitos != "00000000000")


class _Recusa(Exception):
    """Este arquivo não é para a leitura em lote; a leitura linha a linha decide."""


def ler_csv_em_lote(
    texto: str,
    dados_utf8: bytes,
    separador: str,
    arquivo: str,
    colunas_desempate: Sequence[str],
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
) -> tuple[TabelaCandidatos, list[ErroEntrada]] | None:
    """A tabela e os avisos do cabeçalho, ou None se o arquivo precisa da leitura linha a linha.

    `ler_cabecalho(celulas, erros, avisos)` é a conferência do cabeçalho da leitura linha a
    linha; devolve `nome normalizado -> índice` das colunas aceitas.
    """
    try:
        return _ler(texto, dados_utf8, separador, arquivo, colunas_desempate, ler_cabecalho)
    except _Recusa:
        return None


def _ler(
    texto: str,
    dados: bytes,
    sep: str,
    arquivo: str,
    colunas_desempate: Sequence[str],
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
) -> tuple[TabelaCandidatos, list[ErroEntrada]]:
    # Forma do arquivo: sem aspas (cada linha física é um registro), sem \r solto, sem linhas em
    # branco no meio (a numeração de linhas é então a física), cabeçalho na primeira linha.
    if '"' in texto or "\x00" in texto or texto.count("\r") != texto.count("\r\n"):
        raise _Recusa
    if "\n\n" in texto or "\n\r\n" in texto or not texto[:1].strip():
        raise _Recusa
    primeira = texto.split("\n", 1)[0].rstrip("\r")
    cabecalho: list[object] = list(next(csv.reader([primeira], delimiter=sep)))
    erros: list[ErroEntrada] = []
    avisos: list[ErroEntrada] = []
    indices = ler_cabecalho(cabecalho, erros, avisos)
    if erros or not any(str(c).strip() for c in cabecalho):
        raise _Recusa
    largura = len(cabecalho)
    fisicas = texto.count("\n") + (0 if texto.endswith("\n") else 1)
    if texto.count(sep) != fisicas * (largura - 1):
        raise _Recusa  # alguma linha com mais ou menos valores que o cabeçalho
    try:
        bruto = pl.read_csv(
            io.BytesIO(dados),
            has_header=False,
            skip_rows=1,
            separator=sep,
            quote_char=None,
            infer_schema=False,
            new_columns=[f"c{i}" for i in range(largura)],
        )
    except Exception:  # o polars levanta tipos próprios; a leitura linha a linha explica
        raise _Recusa from None
    if bruto.width != largura or bruto.height != fisicas - 1:
        raise _Recusa
    # Linhas só com separadores são puladas na leitura linha a linha; a numeração continua.
    bruto = (
        bruto.with_columns(pl.all().fill_null(""))
        .with_row_index("linha", offset=2)
        .filter(pl.any_horizontal(pl.col(f"c{i}") != "" for i in range(largura)))
    )

    def coluna(nome: str) -> pl.Expr:
        return pl.col(f"c{indices[nome]}")

    saida: dict[str, pl.Expr] = {"linha": pl.col("linha").cast(pl.Int64)}
    conferir: list[pl.Expr] = []  # cada uma deve ser falsa em todas as linhas (nulo = recusa)

    for campo in ("inscricao", "nome", "cargo"):
        c = coluna(campo)
        conferir.append(~c.str.contains(_LIMPO))
        saida[campo] = c

    if "cpf" in indices:
        c = coluna("cpf")
        digitos = c.str.replace_all(r"[.\-]", "")
        conferir.append((c != "") & (~c.str.contains(_CPF) | ~_cpf_valido(digitos)))
        saida["cpf"] = pl.when(c == "").then(None).otherwise(digitos)
    else:
        saida["cpf"] = pl.lit(None, pl.String)

    if "data_nascimento" in indices:
        c = coluna("data_nascimento")
        iso = c.str.extract_groups(_DATA_ISO)
        br = c.str.extract_groups(_DATA_BR)
        ano = pl.coalesce(iso.struct.field("1"), br.struct.field("3"))
        mes = pl.coalesce(iso.struct.field("2"), br.struct.field("2"))
        dia = pl.coalesce(iso.struct.field("3"), br.struct.field("1"))
        data = pl.concat_str([ano, mes.str.zfill(2), dia.str.zfill(2)], separator="-").str.to_date(
            "%Y-%m-%d", strict=False
        )
        conferir.append((c != "") & (data.is_null() | (ano.cast(pl.Int32, strict=False) < 1)))
        saida["data_nascimento"] = pl.when(c == "").then(None).otherwise(data)
    else:
        saida["data_nascimento"] = pl.lit(None, pl.Date)

    c = coluna("nota")
    conferir.append(~c.str.contains(_NUMERO))
    saida["nota"] = c.str.replace(",", ".", literal=True)

    if "classificacao" in indices:
        c = coluna("classificacao")
        numero = c.cast(pl.Int64, strict=False)
        conferir.append((c != "") & (~c.str.contains(r"^[0-9]+$") | ~(numero >= 1)))
        saida["classificacao"] = pl.when(c == "").then(None).otherwise(numero)
    else:
        saida["classificacao"] = pl.lit(None, pl.Int64)

    # Vocabulários fechados: cada grafia distinta passa pelo conversor da leitura linha a linha.
    from cotas.arquivos import candidatos as leitor

    vocabularios: list[tuple[str, Callable[[object], object], Any]] = [
        ("situacao", leitor._situacao, "aprovado"),
        ("cor_raca", leitor._cor_raca, None),
        ("reserva_negros", leitor._sim_nao, False),
        ("pcd", leitor._sim_nao, False),
        ("heteroidentificacao", leitor._heteroidentificacao, None),
        ("opcao_lista", leitor._opcao_lista, None),
    ]
    for campo, conversor, padrao in vocabularios:
        tipo = ESQUEMA[campo]
        if campo not in indices:
            saida[campo] = pl.lit(padrao, tipo)
            continue
        grafias = bruto.get_column(f"c{indices[campo]}").unique()
        if grafias.len() > _MAX_GRAFIAS:
            raise _Recusa
        traducao: dict[str, Any] = {}
        for grafia in grafias.to_list():
            try:
                lido = conversor(grafia)
            except leitor._ValorInvalido:
                raise _Recusa from None
            traducao[grafia] = getattr(lido, "value", lido)
        saida[campo] = coluna(campo).replace_strict(traducao, return_dtype=tipo)

    nomes_desempate = {leitor.normalizar_nome(c): c for c in colunas_desempate}
    eliminado = saida["situacao"] == "eliminado"
    for nome, original in nomes_desempate.items():
        c = coluna(nome)
        conferir.append((c != "") & ~c.str.contains(_NUMERO))
        conferir.append((c == "") & ~eliminado)  # critério obrigatório para aprovados
        saida[PREFIXO_DESEMPATE + original] = (
            pl.when(c == "").then(None).otherwise(c.str.replace(",", ".", literal=True))
        )

    quadro = bruto.select(
        *(expr.alias(nome) for nome, expr in saida.items()),
        pl.any_horizontal(e.fill_null(True) for e in conferir).alias("_recusa"),
    )
    if quadro.get_column("_recusa").any():
        raise _Recusa
    quadro = quadro.drop("_recusa")
    # O que a leitura linha a linha acusaria entre linhas: inscrição repetida, reserva sem
    # autodeclaração, parecer de quem não optou, o mesmo CPF duas vezes no cargo.
    negro = pl.col("cor_raca").is_in([CorRaca.PRETA.value, CorRaca.PARDA.value])
    problemas = quadro.select(
        pl.col("inscricao").is_duplicated().any(),
        (pl.col("reserva_negros") & ~negro.fill_null(False)).any(),
        (pl.col("heteroidentificacao").is_not_null() & ~pl.col("reserva_negros")).any(),
        (pl.struct("cargo", "cpf").is_duplicated() & pl.col("cpf").is_not_null()).any(),
    ).row(0)
    if any(problemas):
        raise _Recusa
    quadro = quadro.select(
        *(pl.col(c).cast(t) for c, t in ESQUEMA.items()),
        *(PREFIXO_DESEMPATE + o for o in nomes_desempate.values()),
    )
    return TabelaCandidatos(quadro, list(nomes_desempate.values())), avisos
