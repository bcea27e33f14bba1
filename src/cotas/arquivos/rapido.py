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

import codecs
import csv
import io
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import polars as pl

from cotas.arquivos import campos
from cotas.arquivos.erros import ErroEntrada
from cotas.arquivos.esquema import Esquema, montar_esquema
from cotas.motor.candidatos import CorRaca, Heteroidentificacao, Situacao
from cotas.motor.colunar import (
    ESQUEMA,
    PREFIXO_DESEMPATE,
    PREFIXO_RESERVA,
    PREFIXO_VERIFICACAO,
    TabelaCandidatos,
)
from cotas.motor.glossario import PCD

# Sem espaço nas pontas, para `str.strip()` do Python: o `\s` do polars (Unicode) e \x1c-\x1f.
_LIMPO = r"^[^\s\x1c-\x1f]([^\r\n]*[^\s\x1c-\x1f])?$"


def _inteira(forma: str) -> str:
    """A forma (de `campos`) casando o valor inteiro, como o `fullmatch` da linha a linha."""
    return f"^(?:{forma})$"


# As formas de cada campo vêm de `campos`, com algarismos ASCII (os outros: linha a linha).
_NUMERO = _inteira(campos.forma_do_numero(campos.ALGARISMO_ASCII))
_NUMERO_CURTO = _inteira(campos.FORMA_NOS_LIMITES)
_NEGATIVO = "^" + campos.FORMA_NEGATIVA
# O CPF só nas duas formas de sempre; outra pontuação (que o `stdnum` da linha a linha aceita)
# manda o arquivo à linha a linha.
_CPF = r"^([0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}|[0-9]{11})$"
_CONTROLE = campos.RE_CONTROLE.pattern
_MAX_GRAFIAS = 200  # mais grafias distintas que isso num vocabulário fechado: linha a linha


def _tabela_de_bloco(posicao: int) -> pl.Series:
    """Para cada bloco de 3 dígitos (0 a 999) na posição dada (0, 1 ou 2) dos 9 primeiros
    dígitos do CPF: a soma ponderada (`campos.PESOS_DO_CPF`) × 1000 + a soma dos dígitos, as
    duas somas de `campos.cpf_confere`."""
    pesos = campos.PESOS_DO_CPF[3 * posicao : 3 * posicao + 3]
    valores = []
    for bloco in range(1000):
        digitos = (bloco // 100, bloco // 10 % 10, bloco % 10)
        ponderada = sum(p * d for p, d in zip(pesos, digitos, strict=True))
        valores.append(ponderada * 1000 + sum(digitos))
    return pl.Series(valores, dtype=pl.Int32)


_BLOCOS_CPF = [_tabela_de_bloco(p) for p in range(3)]


def _com_cpf_conferido(quadro: pl.LazyFrame, coluna: str) -> pl.LazyFrame:
    """Acrescenta `_cpf_digitos` (os 11 dígitos, sem pontuação) e `_cpf_ok`: os dígitos
    verificadores conferem, como em `stdnum.br.cpf.validate` (nulo quando o texto não é um
    número de 11 dígitos).

    Os 11 dígitos viram um inteiro; as somas dos dígitos verificadores saem de três consultas a
    tabelas de blocos de 3 dígitos (`_BLOCOS_CPF`), não de onze dígitos extraídos um a um.
    Em etapas (`with_columns`), para que cada parte seja calculada uma vez só: numa expressão
    única o polars refaz as subexpressões.
    """
    # Sem pontuação por fatias (mais barato que uma expressão regular de substituição); só vale
    # para as formas que `_CPF` aceita, e as outras linhas recusam o arquivo.
    c = pl.col(coluna)
    digitos = (
        pl.when(c.str.len_bytes() == 14)
        .then(
            pl.concat_str(c.str.slice(0, 3), c.str.slice(4, 3), c.str.slice(8, 3), c.str.slice(12))
        )
        .otherwise(c)
    )
    q = quadro.with_columns(digitos.alias("_cpf_digitos"))
    numero = pl.col("_cpf_digitos").cast(pl.Int64, strict=False)
    # (Fora de 0 a 10¹¹ − 1 não é um CPF: nulo, e as tabelas não são consultadas fora delas.)
    numero = pl.when((numero >= 0) & (numero < 10**11)).then(numero)
    q = q.with_columns(numero.alias("_cpf_n"))
    n = pl.col("_cpf_n")
    nove = n // 100
    blocos = (nove // 1_000_000, nove // 1000 % 1000, nove % 1000)
    partes = [
        pl.lit(tabela).gather(bloco) for tabela, bloco in zip(_BLOCOS_CPF, blocos, strict=True)
    ]
    q = q.with_columns((partes[0] + partes[1] + partes[2]).alias("_cpf_somas"))
    somas = pl.col("_cpf_somas")
    ok = campos.cpf_confere(n, somas // 1000, somas % 1000)
    return q.with_columns(ok.alias("_cpf_ok")).drop("_cpf_n", "_cpf_somas")


def _traduzir(coluna: pl.Expr, traducao: dict[str, Any], tipo: Any) -> pl.Expr:
    """A coluna pelo dicionário `grafia -> valor`. Com poucas grafias, uma comparação por
    grafia custa menos que o `replace_strict` (que passa cada linha por uma tabela de hash)."""
    if len(traducao) > 8:
        return coluna.replace_strict(traducao, return_dtype=tipo)
    expr: Any = pl
    for grafia, valor in traducao.items():
        expr = expr.when(coluna == grafia).then(pl.lit(valor, tipo))
    return expr.otherwise(pl.lit(None, tipo)) if traducao else pl.lit(None, tipo)


def _forma(fonte: Path | bytes) -> tuple[bool, int]:
    """Se o arquivo tem a forma que a leitura em lote exige (sem aspas, sem NUL, sem \r solto,
    isto é, não seguido de \n) e quantas linhas físicas tem.

    Lido pelo polars linha a linha, numa coluna só (o separador é o NUL, que então não pode
    aparecer: uma linha com NUL teria dois valores e o polars recusa). O polars tira o \r do
    fim de cada linha; qualquer outro \r é solto.
    """
    try:
        linhas = (
            pl.scan_csv(
                fonte if isinstance(fonte, Path) else io.BytesIO(fonte),
                has_header=False,
                separator="\x00",
                quote_char=None,
                infer_schema=False,
                empty_string_is_null=False,
                new_columns=["linha"],
            )
            .select(
                pl.len(),
                pl.col("linha").str.contains("\r", literal=True).any().alias("cr"),
                pl.col("linha").str.contains('"', literal=True).any().alias("aspas"),
            )
            .collect(engine="streaming")
        )
    except Exception:  # o polars levanta tipos próprios; a leitura linha a linha explica
        return False, 0
    fisicas, cr_solto, aspas = linhas.row(0)
    return not (cr_solto or aspas), fisicas


def _primeira_linha(fonte: Path | bytes) -> bytes:
    if isinstance(fonte, bytes):
        fim = fonte.find(b"\n")
        return fonte if fim < 0 else fonte[:fim]
    with fonte.open("rb") as arquivo:
        return arquivo.readline().removesuffix(b"\n").removeprefix(codecs.BOM_UTF8)


def _traducao(
    conversor: Callable[[object], object], grafias: list[str], *, todas: bool
) -> dict[str, Any]:
    """`grafia -> valor` pelo conversor da leitura linha a linha. Uma grafia que ele recusa
    fica de fora ou, com `todas`, recusa o arquivo (a leitura linha a linha explica)."""
    traducao: dict[str, Any] = {}
    for grafia in grafias:
        try:
            lido = conversor(grafia)
        except campos.ValorInvalido:
            if todas:
                raise _Recusa from None
            continue
        traducao[grafia] = getattr(lido, "value", lido)
    return traducao


class _Recusa(Exception):
    """Este arquivo não é para a leitura em lote; a leitura linha a linha decide."""


def _vocabularios(
    esquema: Esquema,
) -> list[tuple[str, Callable[[object], object], Any, list[str]]]:
    """(coluna, conversor, valor sem a coluna, grafias canônicas) dos vocabulários fechados."""
    sim_nao = ["sim", "não", "nao"]
    vocabularios: list[tuple[str, Callable[[object], object], Any, list[str]]] = [
        ("situacao", campos.situacao, "aprovado", [s.value for s in Situacao]),
        ("cor_raca", campos.cor_raca, None, [c.value for c in CorRaca]),
        ("pcd", campos.sim_nao, False, sim_nao),
    ]
    for g in esquema.grupos:
        vocabularios.append((PREFIXO_RESERVA + g.grupo, campos.sim_nao, False, sim_nao))
        if g.verificacao:
            vocabularios.append(
                (
                    PREFIXO_VERIFICACAO + g.grupo,
                    campos.heteroidentificacao,
                    None,
                    [h.value for h in Heteroidentificacao],
                )
            )
    for c in esquema.campos_da_lei:
        if c.tipo == "booleano":  # (obrigatória: sem a coluna, o cabeçalho já recusa)
            vocabularios.append((c.chave, campos.sim_nao, None, sim_nao))
    listas = [*(g.grupo for g in esquema.grupos), PCD]
    vocabularios.append(("opcao_lista", esquema.conversores["opcao_lista"], None, listas))
    return vocabularios


def _tipos_dos_grupos(esquema: Esquema) -> dict[str, Any]:
    tipos: dict[str, Any] = {}
    for g in esquema.grupos:
        tipos[PREFIXO_RESERVA + g.grupo] = pl.Boolean
        if g.verificacao:
            tipos[PREFIXO_VERIFICACAO + g.grupo] = pl.String
    for c in esquema.campos_da_lei:
        tipos[c.chave] = pl.Int64 if c.tipo == "inteiro" else pl.Boolean
    return tipos


def ler_csv_em_lote(
    fonte: Path | bytes,
    arquivo: str,
    colunas_desempate: Sequence[str],
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
    cargos: Collection[str] | None = None,
    data_edital: date | None = None,
    esquema: Esquema | None = None,
) -> tuple[TabelaCandidatos, list[ErroEntrada]] | None:
    """A tabela e os avisos do cabeçalho, ou None se o arquivo precisa da leitura linha a linha.

    `fonte`: o arquivo (lido pelo polars direto do disco) ou seus bytes em UTF-8 sem o BOM. Não
    são decodificados aqui: o polars recusa UTF-8 inválido (e então a leitura linha a linha
    decide a codificação), e só o cabeçalho é decodificado em Python.
    `ler_cabecalho(celulas, erros, avisos)` é a conferência do cabeçalho da leitura linha a
    linha; devolve `coluna -> índice` das colunas aceitas. `cargos`: os do certame (um cargo
    fora deles manda o arquivo para a leitura linha a linha, que dá o erro). `data_edital`: a
    última data de nascimento possível (sem ela, hoje). `esquema`: as colunas do certame (sem
    ele, só as de todo certame).
    """
    try:
        return _ler(
            fonte,
            arquivo,
            colunas_desempate,
            ler_cabecalho,
            cargos,
            data_edital,
            esquema or montar_esquema(()),
        )
    except _Recusa:
        return None


def _ler(
    fonte: Path | bytes,
    arquivo: str,
    colunas_desempate: Sequence[str],
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
    cargos: Collection[str] | None,
    data_edital: date | None,
    esquema: Esquema,
) -> tuple[TabelaCandidatos, list[ErroEntrada]]:
    # Forma do arquivo: sem aspas (cada linha física é um registro), sem \r solto (que quebra a
    # linha para a leitura linha a linha, mas que o polars deixa no valor ou, antes de um
    # separador, apaga), sem NUL; a numeração de linhas é a física e o cabeçalho é a primeira.
    forma_aceita, fisicas = _forma(fonte)
    if not forma_aceita:
        raise _Recusa
    return _ler_em_lote(
        fonte, arquivo, colunas_desempate, ler_cabecalho, fisicas, cargos, data_edital, esquema
    )


def _ler_em_lote(
    fonte: Path | bytes,
    arquivo: str,
    colunas_desempate: Sequence[str],
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
    fisicas: int,
    cargos: Collection[str] | None,
    data_edital: date | None,
    esquema: Esquema,
) -> tuple[TabelaCandidatos, list[ErroEntrada]]:
    sep, largura, indices, avisos = _cabecalho(fonte, ler_cabecalho)
    plano = _plano(fonte, sep, largura, indices)
    _conferir_textos(plano)
    _ler_cpf(plano)
    _ler_nascimento(plano, data_edital)
    _ler_nota(plano)
    _ler_classificacao(plano)
    _ler_campos_inteiros(plano, esquema)
    vocabularios = _vocabularios(esquema)
    tipos = {**ESQUEMA, **_tipos_dos_grupos(esquema)}
    _ler_vocabularios(plano, vocabularios, tipos)
    nomes_desempate = _ler_desempates(plano, colunas_desempate)
    _com_hashes(plano)
    quadro = _executar(plano, fisicas)
    if quadro.get_column("_incomum").any():
        quadro = _converter_incomuns(quadro, vocabularios, indices, tipos)
    _conferir_entre_linhas(quadro, esquema, tipos, indices, cargos)
    quadro = quadro.select(
        *(pl.col(c).cast(t) for c, t in tipos.items()),
        *(PREFIXO_DESEMPATE + o for o in nomes_desempate.values()),
    )
    # (A nota e os critérios passaram por `_NUMERO` e trocaram a vírgula pelo ponto.)
    tabela = TabelaCandidatos(
        quadro, list(nomes_desempate.values()), sem_repetidas=True, decimais_conferidos=True
    )
    return tabela, avisos


def _cabecalho(
    fonte: Path | bytes,
    ler_cabecalho: Callable[[list[object], list[ErroEntrada], list[ErroEntrada]], dict[str, int]],
) -> tuple[str, int, dict[str, int], list[ErroEntrada]]:
    """(separador, número de colunas, `coluna -> índice`, avisos) da primeira linha, conferida
    pela leitura linha a linha."""
    try:
        primeira = _primeira_linha(fonte).decode("utf-8")
    except (UnicodeDecodeError, OSError):
        raise _Recusa from None
    primeira = primeira.removesuffix("\r")
    if not primeira[:1].strip() or "\r" in primeira:  # (o resto do arquivo: `_contar_linhas`)
        raise _Recusa
    # A primeira linha tem conteúdo: é dela que a leitura linha a linha tira o separador.
    sep = campos.separador(primeira)
    try:
        cabecalho: list[object] = list(next(csv.reader([primeira], delimiter=sep)))
    except csv.Error:  # (um título maior que o limite do módulo csv: a linha a linha explica)
        raise _Recusa from None
    erros: list[ErroEntrada] = []
    avisos: list[ErroEntrada] = []
    indices = ler_cabecalho(cabecalho, erros, avisos)
    if erros or not any(str(c).strip() for c in cabecalho):
        raise _Recusa
    return sep, len(cabecalho), indices, avisos


@dataclass
class _Plano:
    """O plano da leitura em montagem: `saida`, o que cada coluna do quadro lido vale;
    `conferir`, expressões que devem ser falsas em todas as linhas (nulo = recusa)."""

    plano: pl.LazyFrame
    indices: dict[str, int]
    saida: dict[str, pl.Expr]
    conferir: list[pl.Expr] = field(default_factory=list)

    def coluna(self, nome: str) -> pl.Expr:
        return pl.col(f"c{self.indices[nome]}")


def _plano(fonte: Path | bytes, sep: str, largura: int, indices: dict[str, int]) -> _Plano:
    # Linha com valores a mais: o polars recusa (e a leitura linha a linha explica). Linha com
    # valores a menos: o polars completa com "" (`empty_string_is_null=False`), como a leitura
    # linha a linha completa as células que faltam.
    #
    # Leitura, conferências e conversões formam um plano só (LazyFrame), executado de uma vez
    # pelo motor de fluxo do polars: enquanto um trecho do arquivo é lido, o anterior já está
    # sendo conferido, nos dois núcleos, sem guardar quadros intermediários.
    plano = pl.scan_csv(
        fonte if isinstance(fonte, Path) else io.BytesIO(fonte),
        has_header=False,
        skip_rows=1,
        separator=sep,
        quote_char=None,
        infer_schema=False,
        empty_string_is_null=False,
        new_columns=[f"c{i}" for i in range(largura)],
    )
    plano = plano.with_columns(pl.all().fill_null("")).with_row_index("linha", offset=2)
    # Linhas só com separadores (ou em branco) são puladas na leitura linha a linha, e a
    # numeração continua: ficam no plano, marcadas, e saem depois.
    vazia = ~pl.any_horizontal(pl.col(f"c{i}") != "" for i in range(largura))
    saida: dict[str, pl.Expr] = {"linha": pl.col("linha").cast(pl.Int64), "_vazia": vazia}
    return _Plano(plano, indices, saida)


def _conferir_textos(p: _Plano) -> None:
    # O tamanho de cada valor (em bytes, que é o que o polars guarda: um valor com mais bytes
    # que o limite de caracteres pode ainda caber, e a leitura linha a linha decide).
    p.conferir.extend(
        pl.col(f"c{i}").str.len_bytes() > campos.LIMITE_CARACTERES for i in set(p.indices.values())
    )
    for campo in ("inscricao", "nome", "cargo"):
        c = p.coluna(campo)
        p.conferir.append(~c.str.contains(_LIMPO) | c.str.contains(_CONTROLE))
        p.saida[campo] = c


def _ler_cpf(p: _Plano) -> None:
    if "cpf" not in p.indices:
        p.saida["cpf"] = pl.lit(None, pl.String)
        return
    p.plano = _com_cpf_conferido(p.plano, f"c{p.indices['cpf']}")
    c = p.coluna("cpf")
    repetido = pl.col("_cpf_digitos").is_in(list(campos.CPFS_REPETIDOS))
    p.conferir.append((c != "") & (~c.str.contains(_CPF) | ~pl.col("_cpf_ok") | repetido))
    p.saida["cpf"] = pl.when(c == "").then(None).otherwise(pl.col("_cpf_digitos"))


def _ler_nascimento(p: _Plano, data_edital: date | None) -> None:
    if "data_nascimento" not in p.indices:
        p.saida["data_nascimento"] = pl.lit(None, pl.Date)
        return
    c = p.coluna("data_nascimento")
    # A forma pela expressão regular da leitura linha a linha; o dia, pelo polars (que
    # aceitaria mais formas: espaços, sinal, ano de 5 dígitos, daí a forma antes).
    lida: Any = pl
    for formato in campos.FORMATOS_DE_DATA:
        forma = _inteira(campos.forma_da_data(formato, campos.ALGARISMO_ASCII))
        lida = lida.when(c.str.contains(forma)).then(c.str.to_date(formato, strict=False))
    p.plano = p.plano.with_columns(lida.alias("_data"))
    data = pl.col("_data")
    # (Antes do ano 1 o `date` do Python não existe; comparar com uma data custa menos que
    # extrair o ano de cada uma.)
    fora = (data < campos.NASCIMENTO_MINIMO) | (data > campos.nascimento_maximo(data_edital))
    p.conferir.append((c != "") & (data.is_null() | fora))
    p.saida["data_nascimento"] = pl.when(c == "").then(None).otherwise(data)


def _ler_nota(p: _Plano) -> None:
    c = p.coluna("nota")
    p.conferir.append(
        ~c.str.contains(_NUMERO) | ~c.str.contains(_NUMERO_CURTO) | c.str.contains(_NEGATIVO)
    )
    p.saida["nota"] = c.str.replace(",", ".", literal=True)


def _ler_classificacao(p: _Plano) -> None:
    if "classificacao" not in p.indices:
        p.saida["classificacao"] = pl.lit(None, pl.Int64)
        return
    c = p.coluna("classificacao")
    numero = c.cast(pl.Int64, strict=False)
    inteiro = _inteira(campos.FORMA_DA_CLASSIFICACAO)
    p.conferir.append((c != "") & (~c.str.contains(inteiro) | ~(numero >= 1)))
    p.saida["classificacao"] = pl.when(c == "").then(None).otherwise(numero)


def _ler_campos_inteiros(p: _Plano, esquema: Esquema) -> None:
    # Os campos inteiros que a lei declara (`campos.inteiro_nao_negativo`): só algarismos; vazio
    # ou outra grafia vai à leitura linha a linha, que diz a linha e a coluna.
    inteiro_do_campo = _inteira(campos.FORMA_DO_CAMPO_INTEIRO)
    for campo_da_lei in esquema.campos_da_lei:
        if campo_da_lei.tipo == "inteiro":
            c = p.coluna(campo_da_lei.chave)
            p.conferir.append(~c.str.contains(inteiro_do_campo))
            p.saida[campo_da_lei.chave] = c.cast(pl.Int64, strict=False)


def _ler_vocabularios(
    p: _Plano,
    vocabularios: list[tuple[str, Callable[[object], object], Any, list[str]]],
    tipos: dict[str, Any],
) -> None:
    # Vocabulários fechados. No plano, as grafias canônicas ("sim", "não", "parda"...) viram
    # valores pelo conversor da leitura linha a linha, e o texto segue junto; se alguma linha
    # traz outra grafia ("SIM", "Parda "), depois cada grafia distinta passa pelo conversor.
    incomuns: list[pl.Expr] = []
    for campo, conversor, padrao, canonicas in vocabularios:
        if campo not in p.indices:
            p.saida[campo] = pl.lit(padrao, tipos[campo])
            continue
        c = p.coluna(campo)
        traducao = _traducao(conversor, ["", *canonicas], todas=False)
        p.saida[campo] = _traduzir(c, traducao, tipos[campo])
        p.saida[f"_bruto_{campo}"] = c
        incomuns.append(~c.is_in(list(traducao)))
    p.saida["_incomum"] = pl.any_horizontal(incomuns) if incomuns else pl.lit(False)


def _ler_desempates(p: _Plano, colunas_desempate: Sequence[str]) -> dict[str, str]:
    """Os critérios do edital; devolve `nome normalizado -> nome original`."""
    nomes_desempate = {campos.normalizar_nome(c): c for c in colunas_desempate}
    sem_desempate: list[pl.Expr] = []
    for nome, original in nomes_desempate.items():
        c = p.coluna(nome)
        p.conferir.append((c != "") & (~c.str.contains(_NUMERO) | ~c.str.contains(_NUMERO_CURTO)))
        sem_desempate.append(c == "")  # obrigatório para aprovados: conferido com a situação
        p.saida[PREFIXO_DESEMPATE + original] = (
            pl.when(c == "").then(None).otherwise(c.str.replace(",", ".", literal=True))
        )
    p.saida["_sem_desempate"] = pl.any_horizontal(sem_desempate) if sem_desempate else pl.lit(False)
    return nomes_desempate


def _com_hashes(p: _Plano) -> None:
    # Para as repetições (conferidas depois, no quadro inteiro), os hashes já no plano.
    cpf = p.saida["cpf"]
    p.saida["_hash_inscricao"] = p.coluna("inscricao").hash()
    p.saida["_hash_cpf"] = pl.when(cpf.is_not_null()).then(pl.struct(p.coluna("cargo"), cpf).hash())


def _executar(p: _Plano, fisicas: int) -> pl.DataFrame:
    """O plano executado de uma vez; sem as linhas vazias."""
    # Primeiro os valores lidos, depois as conferências (que usam os brutos e os lidos).
    recusa = pl.any_horizontal(e.fill_null(True) for e in p.conferir) & ~pl.col("_vazia")
    try:
        quadro = (
            p.plano.with_columns(expr.alias(nome) for nome, expr in p.saida.items())
            .select(*p.saida, recusa.alias("_recusa"))
            .collect(engine="streaming")
        )
    except Exception:  # o polars levanta tipos próprios; a leitura linha a linha explica
        raise _Recusa from None
    if quadro.height != fisicas - 1 or quadro.get_column("_recusa").any():
        raise _Recusa
    if quadro.get_column("_vazia").any():
        quadro = quadro.filter(~pl.col("_vazia"))
    return quadro


def _converter_incomuns(
    quadro: pl.DataFrame,
    vocabularios: list[tuple[str, Callable[[object], object], Any, list[str]]],
    indices: dict[str, int],
    tipos: dict[str, Any],
) -> pl.DataFrame:
    """Cada grafia distinta dos vocabulários fechados pelo conversor da leitura linha a linha."""
    convertidas: list[pl.Expr] = []
    for campo, conversor, _, _ in vocabularios:
        if campo not in indices:
            continue
        grafias = quadro.get_column(f"_bruto_{campo}").unique()
        if grafias.len() > _MAX_GRAFIAS:
            raise _Recusa
        traducao = _traducao(conversor, grafias.to_list(), todas=True)
        bruto = pl.col(f"_bruto_{campo}")
        convertidas.append(_traduzir(bruto, traducao, tipos[campo]).alias(campo))
    return quadro.with_columns(convertidas)


def _conferir_entre_linhas(
    quadro: pl.DataFrame,
    esquema: Esquema,
    tipos: dict[str, Any],
    indices: dict[str, int],
    cargos: Collection[str] | None,
) -> None:
    # O que a leitura linha a linha acusaria entre linhas ou depois dos vocabulários: inscrição
    # repetida, critério do edital vazio de aprovado, reserva sem autodeclaração, parecer de
    # quem não optou, o mesmo CPF duas vezes no cargo, cargo fora do certame, as duas reservas
    # sem a coluna da opção.
    # Repetições pelo hash: dois valores distintos com o mesmo hash (raríssimo) só mandam o
    # arquivo à leitura linha a linha; é bem mais rápido que comparar os textos.
    com_cpf = pl.col("_hash_cpf").is_not_null()
    conferencias = [
        pl.col("_hash_inscricao").n_unique() != pl.len(),
        (pl.col("_sem_desempate") & (pl.col("situacao") != "eliminado")).any(),
        pl.col("_hash_cpf").filter(com_cpf).n_unique() != com_cpf.sum(),
    ]
    opcoes = [pl.col("pcd")]
    for g in esquema.grupos:
        reserva = pl.col(PREFIXO_RESERVA + g.grupo)
        opcoes.append(reserva)
        if g.cores:
            cor = pl.col("cor_raca").is_in(list(g.cores)).fill_null(False)
            conferencias.append((reserva & ~cor).any())
        if PREFIXO_VERIFICACAO + g.grupo in tipos:
            verificacao = pl.col(PREFIXO_VERIFICACAO + g.grupo)
            conferencias.append((verificacao.is_not_null() & ~reserva).any())
    if cargos is not None:
        conferencias.append(~pl.col("cargo").is_in(list(cargos)).all())
    if "opcao_lista" not in indices:
        # (`Esquema.reservas_em_que_concorre` em colunas)
        pcd, *da_lei = opcoes
        if esquema.um_grupo_da_lei and da_lei:
            opcoes = [pcd, pl.any_horizontal(da_lei)]
        conferencias.append((pl.sum_horizontal(opcoes) > 1).any())
    problemas = quadro.select(e.alias(f"p{i}") for i, e in enumerate(conferencias)).row(0)
    if any(problemas):
        raise _Recusa
