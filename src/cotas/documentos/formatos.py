"""Desenho das tabelas em CSV e XLSX (e o relatório HTML de todas), e a gravação atômica de uma
pasta de saída."""

from __future__ import annotations

import csv
import errno
import io
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from cotas.documentos.data_do_livro import data_no_livro
from cotas.documentos.tabelas import Tabela


def texto_celula(valor: object) -> str:
    """O texto de uma célula como o CSV, o HTML e o PDF o escrevem (vírgula decimal, dd/mm/aaaa)."""
    if valor is None:
        return ""
    if isinstance(valor, Decimal):
        # Notas com pelo menos duas casas ("60,00"), sem zeros à direita além delas.
        normal = valor.normalize()
        expoente = normal.as_tuple().exponent
        if isinstance(expoente, int) and expoente > -2:
            normal = valor.quantize(Decimal("0.01"))
        return format(normal, "f").replace(".", ",")
    if isinstance(valor, date):
        return valor.strftime("%d/%m/%Y")
    return str(valor)


# Um texto que começa assim vira fórmula numa planilha (regra da OWASP, "CSV injection").
_INICIO_DE_FORMULA = ("=", "+", "-", "@", "\t", "\r")
# Caracteres que o XML do XLSX não admite (os de controle, menos TAB, LF e CR).
_CONTROLE_PROIBIDO = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
# O que `_texto_no_livro` muda: esses e o CR (procurados um a um num texto longo, cada busca
# em C: ~4× mais rápido que a classe de caracteres da expressão regular).
_CONTROLES_OU_CR = [chr(c) for c in (*range(0x09), *range(0x0B, 0x20))]


def texto_seguro_csv(valor: object) -> str:
    """A célula do CSV; um texto (não um número) com início de fórmula ganha um `'` na frente,
    que a planilha mostra como texto."""
    texto = texto_celula(valor)
    if isinstance(valor, str) and texto.startswith(_INICIO_DE_FORMULA):
        return "'" + texto
    return texto


# O dialeto dos CSV: `;` e o fim de linha do Windows, com aspas só onde precisam.
_DIALETO_CSV: dict[str, Any] = {"delimiter": ";", "lineterminator": "\r\n"}
# Linhas convertidas de cada vez: a memória de um trecho, não a da tabela.
_LINHAS_POR_TRECHO = 100_000


def para_csv(tabela: Tabela) -> bytes:
    """CSV como o Excel brasileiro abre: `;`, vírgula decimal, UTF-8 com BOM; texto que
    pareça fórmula vai com `'` na frente.

    As linhas vão coluna a coluna para o escritor de CSV do polars, que põe as aspas onde o
    módulo `csv` as poria (no campo com `;`, aspas, CR ou LF; o texto vazio vai como nulo, que
    ele escreve sem aspas) e é ~6× mais rápido que ele linha a linha. A tabela irregular e a de
    uma coluna só (o `csv` escreve `""` na linha de um só campo vazio) vão pelo módulo `csv`."""
    cabecalho = io.StringIO()
    csv.writer(cabecalho, **_DIALETO_CSV).writerow([texto_seguro_csv(t) for t in tabela.colunas])
    saida = io.BytesIO()
    saida.write(("\ufeff" + cabecalho.getvalue()).encode("utf-8"))
    linhas, largura = tabela.linhas, len(tabela.colunas)
    if largura < 2 or set(map(len, linhas)) - {largura}:
        corpo = io.StringIO()
        escritor = csv.writer(corpo, **_DIALETO_CSV)
        escritor.writerows([texto_seguro_csv(v) for v in linha] for linha in linhas)
        saida.write(corpo.getvalue().encode("utf-8"))
        return saida.getvalue()
    import polars as pl

    esquema = {str(i): pl.String for i in range(largura)}
    for inicio in range(0, len(linhas), _LINHAS_POR_TRECHO):
        trecho = linhas[inicio : inicio + _LINHAS_POR_TRECHO]
        colunas = [
            [texto or None for texto in _coluna_csv(valores)]
            for valores in zip(*trecho, strict=True)
        ]
        pl.DataFrame(dict(zip(esquema, colunas, strict=True)), schema=esquema).write_csv(
            saida,
            include_header=False,
            separator=";",
            line_terminator="\r\n",
            quote_style="necessary",
            null_value="",
        )
    return saida.getvalue()


def _coluna_csv(valores: tuple[object, ...]) -> list[str]:
    """As células (`texto_seguro_csv`) de uma coluna de uma vez: o texto só precisa da
    conferência do início de fórmula; a nota (`Decimal`), o texto de cada valor distinto uma
    vez; o inteiro, o seu número."""
    tipos = set(map(type, valores))
    if tipos == {str}:
        textos: tuple[str, ...] = valores  # type: ignore[assignment]
        return ["'" + t if t.startswith(_INICIO_DE_FORMULA) else t for t in textos]
    if tipos == {int}:
        return list(map(str, valores))
    if tipos == {Decimal}:
        feitas: dict[object, str] = {}
        for v in valores:
            if v not in feitas:
                feitas[v] = texto_celula(v)
        return [feitas[v] for v in valores]
    return [texto_seguro_csv(v) for v in valores]


# O limite de linhas de uma aba do formato (Excel, LibreOffice); o cabeçalho é uma delas.
LINHAS_POR_ABA = 1_048_576
_NOME_DA_ABA = 31  # caracteres, no máximo


def para_xlsx(
    tabelas: list[Tabela], *, celulas_de_texto: bool = False, criado_em: datetime | None = None
) -> bytes:
    """O livro de `_livro`, com `criado_em` (o "Gerado em" do documento) como a data dele, no
    lugar da hora em que o escritor o gravou (`cotas.documentos.data_do_livro`)."""
    conteudo = _livro(tabelas, celulas_de_texto=celulas_de_texto)
    return conteudo if criado_em is None else data_no_livro(conteudo, criado_em)


def _livro(tabelas: list[Tabela], *, celulas_de_texto: bool) -> bytes:
    """Uma aba por tabela; números como números (a nota com duas casas, como no CSV), texto
    sempre como texto (nunca fórmula), o cabeçalho em negrito e fixo no alto.

    `celulas_de_texto`: as células de texto das linhas levam o formato Texto ("@"), para que o
    que se digitar nelas na planilha continue texto (o modelo de importação: a inscrição e o CPF
    não perdem os zeros).

    Uma tabela maior que uma aba segue em abas numeradas, "classificacao (1)", "(2)"..., cada
    uma com o cabeçalho: nada se perde. Este é o único lugar que escreve XLSX no projeto: a
    linha de comando (`cotas apurar --saida`) e os downloads da web passam por aqui.

    O livro sai do rustpy-xlsxwriter (o rust_xlsxwriter, em memória constante), coluna a coluna
    preparada aqui: ~6× mais rápido que o XlsxWriter, que levava ~5 µs por célula (as 20
    milhões de células dos XLSX de um certame de um milhão de inscrições). Ele escreve todo
    texto como texto e escapa o XML. O XlsxWriter fica para o que só ele faz, célula a célula:
    o formato Texto também nas células vazias (`celulas_de_texto`), as colunas de mesmo título e
    as linhas de tamanhos diferentes do cabeçalho.
    """
    if celulas_de_texto or not all(map(_em_colunas, tabelas)):
        return _xlsx_celula_a_celula(tabelas, celulas_de_texto=celulas_de_texto)
    import rustpy_xlsxwriter

    abas: list[tuple[str, Any]] = []
    formatos: dict[str, dict[str, rustpy_xlsxwriter.Format] | list[rustpy_xlsxwriter.Format]] = {}
    duas_casas = rustpy_xlsxwriter.Format().set_num_format("0.00")
    nomes_usados: set[str] = set()
    for tabela in tabelas:
        preparadas = _abas_no_livro(tabela)
        if preparadas is None:
            return _xlsx_celula_a_celula(tabelas, celulas_de_texto=False)
        for aba in preparadas:
            nome = _nome_livre(aba.nome, nomes_usados)
            if aba.notas is not None:
                formatos[nome] = dict.fromkeys(aba.notas, duas_casas)
            abas.append((nome, aba.dados()))
    saida = io.BytesIO()
    rustpy_xlsxwriter.write_worksheets(
        abas,
        saida,
        freeze_panes={"general": {"row": 1}},
        bold_headers=True,
        datetime_format="dd/mm/yyyy",
        column_formats=formatos,
    )
    return saida.getvalue()


@dataclass(frozen=True)
class _Aba:
    """Uma aba preparada para o escritor: o nome pedido, o quadro do polars (None: as linhas
    uma a uma, `_registros`, montadas de novo a cada livro a partir de `titulos` e `colunas`)
    e os títulos das colunas de notas (None: a aba sem linhas, só o cabeçalho)."""

    nome: str
    quadro: Any
    notas: list[str] | None
    titulos: list[str] = field(default_factory=list)
    colunas: Sequence[Sequence[object]] = ()

    def dados(self) -> Any:
        return self.quadro if self.quadro is not None else _registros(self.titulos, self.colunas)


def _abas_no_livro(tabela: Tabela) -> list[_Aba] | None:
    """As abas da tabela preparadas para o escritor, uma vez por tabela (guardadas nela: a
    classificação de um milhão de linhas vai ao `resultado.xlsx` e ao `listas.xlsx`). None: uma
    coluna que só célula a célula se escreve (`_coluna_no_livro`)."""
    with tabela.trava:
        if "xlsx" not in tabela.preparos:
            tabela.preparos["xlsx"] = _preparar_abas(tabela)
        return tabela.preparos["xlsx"]  # type: ignore[return-value]


def _preparar_abas(tabela: Tabela) -> list[_Aba] | None:
    import polars as pl

    titulos = [_texto_no_livro(c) for c in tabela.colunas]
    abas: list[_Aba] = []
    for nome, linhas in _abas_da_tabela(tabela):
        if not linhas:  # (sem linhas, o cabeçalho só sai de um quadro vazio)
            abas.append(_Aba(nome, pl.DataFrame(schema=dict.fromkeys(titulos, pl.String)), None))
            continue
        preparadas = [_coluna_no_livro(c) for c in zip(*linhas, strict=True)]
        if None in preparadas:
            return None
        colunas = [valores for valores, _ in preparadas]  # type: ignore[misc]
        notas = [t for t, (_, nota) in zip(titulos, preparadas, strict=True) if nota]  # type: ignore[misc]
        quadro = _quadro_da_aba(titulos, colunas)
        if quadro is None:
            abas.append(_Aba(nome, None, notas, titulos, colunas))
        else:
            abas.append(_Aba(nome, quadro, notas))
    return abas


def _quadro_da_aba(titulos: list[str], colunas: Sequence[Sequence[object]]) -> Any:
    """As linhas da aba como o escritor as lê: num quadro do polars, que ele lê em Arrow, sem
    um dicionário por linha (~2 s a menos num livro de um milhão de linhas), quando cada coluna
    é de um tipo só, texto, inteiro ou real (e vazios); senão, None: linha a linha
    (`_registros`). No quadro, o texto vazio vai como nulo: nenhuma célula, como linha a
    linha."""
    import polars as pl

    tipos = {str: pl.String, int: pl.Int64, float: pl.Float64}
    series = []
    for titulo, valores in zip(titulos, colunas, strict=True):
        presentes = set(map(type, valores)) - {type(None)}
        tipo = presentes.pop() if len(presentes) == 1 else None
        if tipo not in tipos:
            return None
        try:
            series.append(pl.Series(titulo, valores, dtype=tipos[tipo], strict=True))
        except (OverflowError, TypeError, pl.exceptions.PolarsError):  # (um inteiro enorme)
            return None
    texto = pl.col(pl.String)
    return pl.DataFrame(series).with_columns(pl.when(texto != "").then(texto).name.keep())


def _registros(
    titulos: list[str], colunas: Sequence[Sequence[object]]
) -> Iterator[dict[str, object]]:
    """As linhas como o escritor as lê (título → valor), uma a uma, quando ele as pede."""
    for linha in zip(*colunas, strict=True):
        yield dict(zip(titulos, linha, strict=True))


def _em_colunas(tabela: Tabela) -> bool:
    """Se a tabela se escreve coluna a coluna: títulos únicos e não vazios (cada linha vai ao
    escritor como um dicionário título → valor) e toda linha do tamanho do cabeçalho."""
    colunas = tabela.colunas
    return (
        "" not in colunas
        and len(set(colunas)) == len(colunas)
        and set(map(len, tabela.linhas)) <= {len(colunas)}
    )


# Os tipos que o escritor recebe como estão (número, verdade, data, célula vazia).
_TIPOS_DO_LIVRO = frozenset({int, float, bool, date, datetime, type(None)})


def _coluna_no_livro(valores: tuple[object, ...]) -> tuple[Sequence[object], bool] | None:
    """Os valores de uma coluna como o escritor os grava, e se é de notas (`Decimal`, que vão
    como número com duas casas: o formato é o da coluna inteira). Uma coluna só de texto sem
    nada a tratar (o caso de quase todas) passa como está, conferida de uma vez só. None: notas
    misturadas com outros valores, que só célula a célula teriam cada uma o seu formato, e
    datas misturadas com números (o escritor daria aos números depois de uma data o formato
    de data)."""
    tipos = set(map(type, valores))
    if tipos <= {Decimal, type(None)}:
        return [None if v is None else float(v) for v in valores], bool(tipos)  # type: ignore[arg-type]
    if any(isinstance(v, Decimal) for v in valores):
        return None
    if any(issubclass(t, date) for t in tipos) and any(issubclass(t, int | float) for t in tipos):
        return None
    if tipos == {str}:
        textos: tuple[str, ...] = valores  # type: ignore[assignment]
        juntos = "\n".join(textos)
        if not any(c in juntos for c in _CONTROLES_OU_CR) and (
            max(map(len, textos)) <= _TEXTO_NA_CELULA // 2
        ):
            return valores, False
        return [_texto_no_livro(t) for t in textos], False
    if tipos <= _TIPOS_DO_LIVRO:
        return valores, False
    return [_valor_no_livro(v) for v in valores], False


def _valor_no_livro(valor: object) -> object:
    if type(valor) in _TIPOS_DO_LIVRO:
        return valor
    if isinstance(valor, str):
        return _texto_no_livro(valor)
    if isinstance(valor, bool):
        return bool(valor)
    if isinstance(valor, datetime):
        return datetime.combine(valor.date(), valor.time())
    if isinstance(valor, date):
        return date(valor.year, valor.month, valor.day)
    if isinstance(valor, int):
        return int(valor)
    if isinstance(valor, float):
        return float(valor)
    return _texto_no_livro(texto_celula(valor))


def _texto_no_livro(valor: str) -> str:
    """Um caractere de controle que o XML não admite vira "\ufffd"; o fim de linha CR vira LF,
    como o XML o leria; o texto além do limite de uma célula é cortado (em unidades UTF-16,
    como o Excel conta)."""
    texto = _CONTROLE_PROIBIDO.sub("\ufffd", valor.replace("\r\n", "\n").replace("\r", "\n"))
    if len(texto) > _TEXTO_NA_CELULA // 2:
        texto = texto.encode("utf-16-le")[: 2 * _TEXTO_NA_CELULA].decode("utf-16-le", "ignore")
    return texto


def _xlsx_celula_a_celula(tabelas: list[Tabela], *, celulas_de_texto: bool) -> bytes:
    """O livro pelo XlsxWriter em memória constante (`constant_memory`: cada linha vai para
    um arquivo temporário assim que a seguinte começa), célula a célula."""
    import xlsxwriter

    saida = io.BytesIO()
    opcoes = {
        "constant_memory": True,
        # Só `write()` interpretaria o texto; os escritores abaixo são os de cada tipo, e estas
        # opções ficam desligadas por garantia.
        "strings_to_formulas": False,
        "strings_to_urls": False,
        "strings_to_numbers": False,
    }
    with xlsxwriter.Workbook(saida, opcoes) as livro:  # (fecha, e apaga os temporários, sempre)
        estilos = _Estilos(
            negrito=livro.add_format({"bold": True}),
            duas_casas=livro.add_format({"num_format": "0.00"}),
            data=livro.add_format({"num_format": "dd/mm/yyyy"}),
            texto=livro.add_format({"num_format": "@"}) if celulas_de_texto else None,
        )
        nomes_usados: set[str] = set()
        for tabela in tabelas:
            for nome, linhas in _abas_da_tabela(tabela):
                aba = livro.add_worksheet(_nome_livre(nome, nomes_usados))
                _escrever_aba(aba, estilos, tabela.colunas, linhas)
    return saida.getvalue()


@dataclass(frozen=True)
class _Estilos:
    negrito: Any
    duas_casas: Any
    data: Any
    texto: Any  # (None: o formato Geral)


def _abas_da_tabela(tabela: Tabela) -> Iterator[tuple[str, Sequence[tuple[object, ...]]]]:
    """As abas de uma tabela: uma só, ou as partes numeradas quando passa do limite."""
    por_aba = LINHAS_POR_ABA - 1
    total = len(tabela.linhas)
    if total <= por_aba:
        yield tabela.nome[:_NOME_DA_ABA], tabela.linhas
        return
    for numero, inicio in enumerate(range(0, total, por_aba), start=1):
        sufixo = f" ({numero})"
        yield (
            tabela.nome[: _NOME_DA_ABA - len(sufixo)] + sufixo,
            tabela.linhas[inicio : inicio + por_aba],
        )


def _nome_livre(nome: str, usados: set[str]) -> str:
    """O nome da aba, único no livro (sem distinguir maiúsculas, como o Excel): um nome repetido
    ganha um número no fim ("nomeacoes1")."""
    candidato, n = nome, 0
    while candidato.casefold() in usados:
        n += 1
        candidato = nome[: _NOME_DA_ABA - len(str(n))] + str(n)
    usados.add(candidato.casefold())
    return candidato


def _escrever_aba(
    aba: Any, estilos: _Estilos, colunas: tuple[str, ...], linhas: Iterable[tuple[object, ...]]
) -> None:
    aba.freeze_panes(1, 0)
    for coluna, titulo in enumerate(colunas):
        _escrever_texto(aba, 0, coluna, titulo, estilos.negrito)
    # O laço quente (um milhão de linhas): os métodos já ligados, o tipo pela classe exata.
    texto, numero = aba.write_string, aba.write_number
    duas_casas, de_texto = estilos.duas_casas, estilos.texto
    for i, linha in enumerate(linhas, start=1):
        for j, valor in enumerate(linha):
            if isinstance(valor, str):
                if not valor:
                    if de_texto is not None:  # (a célula vazia, pronta para receber texto)
                        aba.write_blank(i, j, None, de_texto)
                elif _TEXTO_A_TRATAR.search(valor) is None:
                    texto(i, j, valor, de_texto)
                else:
                    _escrever_texto(aba, i, j, valor, de_texto)
            elif (tipo := type(valor)) is int or tipo is float:
                numero(i, j, valor)
            elif tipo is Decimal:
                numero(i, j, float(valor), duas_casas)  # type: ignore[arg-type]
            elif valor is not None:
                _escrever_outro(aba, estilos, i, j, valor)


# O que o texto de uma célula não pode levar como está (ver `_escrever_texto`): caracteres de
# controle (o XML não os admite; o CR o XML lê como LF) e o `<r>...</r>` que o XlsxWriter em
# memória constante tomaria por texto formatado já em XML.
_TEXTO_A_TRATAR = re.compile(r"[\x00-\x08\x0b-\x1f]|^<r>")
# O limite de caracteres de uma célula (Excel); o XlsxWriter corta o que passa dele.
_TEXTO_NA_CELULA = 32_767


def _escrever_texto(aba: Any, linha: int, coluna: int, valor: str, estilo: Any = None) -> None:
    """Texto é sempre texto: nunca fórmula (`write_string`, mesmo começando com `=`, `+`, `-`,
    `@`), e um caractere de controle que o XML não admite vira "\ufffd" em vez de derrubar a
    gravação. O fim de linha CR vira LF, como o XML o leria.

    Um texto da forma `<r>...</r>` o XlsxWriter em memória constante gravaria como XML de texto
    formatado, sem escapar: um nome de candidato assim quebraria o arquivo ou enxertaria uma
    fórmula. Esse texto vai como texto formatado de verdade, em três pedaços escapados, que
    as planilhas leem de volta como o texto inteiro."""
    texto = _CONTROLE_PROIBIDO.sub("\ufffd", valor.replace("\r\n", "\n").replace("\r", "\n"))
    if not texto:
        if estilo is not None:
            aba.write_blank(linha, coluna, None, estilo)
        return
    if texto.startswith("<r>"):
        # Cortado antes de conferir o fim: o que o XlsxWriter cortasse depois poderia terminar
        # em `</r>`. (O limite em unidades UTF-16, como o Excel conta.)
        texto = texto.encode("utf-16-le")[: 2 * _TEXTO_NA_CELULA].decode("utf-16-le", "ignore")
        if texto.endswith("</r>"):
            partes = ["<", "r>", texto[3:]]
            aba.write_rich_string(linha, coluna, *partes, *([] if estilo is None else [estilo]))
            return
    aba.write_string(linha, coluna, texto, estilo)


def _escrever_outro(aba: Any, estilos: _Estilos, linha: int, coluna: int, valor: object) -> None:
    """Os tipos raros do laço quente: a verdade como booleano, a data como data (dd/mm/aaaa),
    os números de subclasses, e o resto como o texto que o CSV escreveria."""
    if isinstance(valor, bool):
        aba.write_boolean(linha, coluna, valor)
    elif isinstance(valor, date):
        aba.write_datetime(linha, coluna, valor, estilos.data)
    elif isinstance(valor, Decimal):
        aba.write_number(linha, coluna, float(valor), estilos.duas_casas)
    elif isinstance(valor, int | float):
        aba.write_number(linha, coluna, valor)
    else:
        _escrever_texto(aba, linha, coluna, texto_celula(valor), estilos.texto)


# O manifesto de uma pasta de saída: marca a pasta como nossa e nomeia os arquivos da apuração.
MANIFESTO = ".cotas-saida"
_CABECALHO_DO_MANIFESTO = "# cotas apurar --saida: os arquivos desta apuração\n"


class SaidaRecusada(ValueError):
    """Uma pasta de saída que o cotas não deve ocupar (a atual, a raiz, a pessoal, a de outros)."""


# O conteúdo de um arquivo: os bytes, os bytes em pedaços, ou os que uma linha de execução ainda
# escreve (`livros_em_paralelo`).
Conteudo = bytes | Iterable[bytes] | Future[bytes]


@contextmanager
def livros_em_paralelo() -> Iterator[Executor]:
    """Onde escrever os XLSX grandes ao lado do resto. O rustpy-xlsxwriter comprime o livro
    sem o GIL (as linhas, ele as escreve com o GIL), e o polars grava o CSV sem ele: é o que
    corre junto com o Python que desenha o HTML. Dois livros de cada vez (a máquina de
    referência tem 2 núcleos); na saída, espera os que faltam. Processos novos custaram mais
    CPU do que pouparam (bench/NOTAS.md)."""
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="xlsx") as executor:
        yield executor


def gravar_pasta(
    destino: Path, arquivos: Mapping[str, bytes] | Iterable[tuple[str, Conteudo]]
) -> list[Path]:
    """Grava tudo numa pasta temporária ao lado e só então a põe no lugar; nada pela metade.

    `arquivos`: nome → conteúdo, ou pares (nome, conteúdo) produzidos um a um: cada conteúdo
    vai para o disco assim que chega e não fica na memória esperando os outros (num certame de
    um milhão de inscrições, os HTML têm centenas de MB cada); um conteúdo em pedaços (bytes
    um após outro) vai para o disco pedaço a pedaço; um `Future` (um livro que outra linha de
    execução escreve), quando ficar pronto, depois dos demais, sem esperar por ele antes. A
    ordem do manifesto é a da chegada dos nomes. Um nome repetido vale pelo último conteúdo.

    O conjunto novo substitui o anterior inteiro, num passo só (troca atômica das duas pastas):
    nenhum arquivo da apuração anterior fica ao lado dos novos. Só se substitui uma pasta vazia
    ou uma que tenha o manifesto (`MANIFESTO`) de uma apuração anterior; as sobras de uma
    gravação interrompida (pastas ocultas ao lado) são removidas na próxima. Erros do sistema
    saem como `OSError`; um destino recusado, como `SaidaRecusada`.
    """
    pares = arquivos.items() if isinstance(arquivos, Mapping) else arquivos
    destino = destino.resolve()
    _recusar_destino_perigoso(destino)
    destino.parent.mkdir(parents=True, exist_ok=True)
    _recuperar_e_limpar_sobras(destino)
    _conferir_destino(destino)
    temporaria = Path(tempfile.mkdtemp(prefix=f".{destino.name}.cotas-", dir=destino.parent))
    try:
        (temporaria / MANIFESTO).write_text(_CABECALHO_DO_MANIFESTO, encoding="utf-8")
        nomes: dict[str, None] = {}  # na ordem da primeira vez
        esperando: dict[str, Future[bytes]] = {}
        for nome, conteudo in pares:
            esperando.pop(nome, None)
            if isinstance(conteudo, Future):
                esperando[nome] = conteudo
            else:
                _gravar_arquivo(temporaria / nome, conteudo)
            nomes[nome] = None
            del conteudo
        for nome, futuro in esperando.items():
            _gravar_arquivo(temporaria / nome, futuro.result())
        manifesto = _CABECALHO_DO_MANIFESTO + "".join(f"{nome}\n" for nome in nomes)
        (temporaria / MANIFESTO).write_text(manifesto, encoding="utf-8")
        mascara = os.umask(0)
        os.umask(mascara)
        temporaria.chmod(0o777 & ~mascara)  # (mkdtemp a cria só para o dono)
        if destino.exists():
            _trocar(temporaria, destino)  # a temporária fica com o conjunto anterior
        else:
            os.rename(temporaria, destino)
        return [destino / nome for nome in nomes]
    finally:
        shutil.rmtree(temporaria, ignore_errors=True)


def _gravar_arquivo(caminho: Path, conteudo: bytes | Iterable[bytes]) -> None:
    with caminho.open("wb") as arquivo:
        if isinstance(conteudo, bytes):
            arquivo.write(conteudo)
        else:
            arquivo.writelines(conteudo)


def _recusar_destino_perigoso(destino: Path) -> None:
    atual = Path.cwd().resolve()
    if destino == atual or destino in atual.parents:
        raise SaidaRecusada(
            f"a pasta de saída {destino} é a pasta atual (ou a contém); indique uma pasta própria "
            "para os resultados, por exemplo --saida resultado"
        )
    if destino == destino.parent or destino == Path.home().resolve():
        raise SaidaRecusada(
            f"a pasta de saída {destino} é a raiz ou a pasta pessoal; indique uma pasta própria "
            "para os resultados"
        )


def _conferir_destino(destino: Path) -> None:
    """Só uma pasta vazia ou de uma apuração anterior (com o manifesto) pode ser substituída."""
    if not destino.exists():
        return
    if not destino.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "não é uma pasta", str(destino))
    if (destino / MANIFESTO).is_file():
        return
    alheios = sorted(destino.iterdir())
    if alheios:
        primeiro = alheios[0]
        tipo = "é uma pasta" if primeiro.is_dir() else "é um arquivo"
        raise SaidaRecusada(
            f"a pasta de saída {destino} já tem conteúdo que não é de uma apuração anterior "
            f"({primeiro.name} {tipo}{_e_mais(len(alheios) - 1)}); indique uma pasta nova ou "
            "vazia; nada foi gravado"
        )


def _e_mais(quantos: int) -> str:
    return f", e mais {quantos}" if quantos else ""


def _sobras(destino: Path) -> list[Path]:
    return sorted(p for p in destino.parent.glob(f".{destino.name}.cotas-*") if p.is_dir())


def _recuperar_e_limpar_sobras(destino: Path) -> None:
    """Uma gravação interrompida deixa pastas ocultas ao lado do destino: a anterior, se a
    interrupção veio entre os dois nomes da troca sem `renameat2` (volta para o lugar), e a
    temporária (removida). Só se tocam pastas com o nosso prefixo e vazias ou com manifesto."""
    for sobra in _sobras(destino):
        nossa = (sobra / MANIFESTO).is_file() or not any(sobra.iterdir())
        if not nossa:
            continue
        if sobra.name.startswith(f".{destino.name}.cotas-anterior") and not destino.exists():
            os.rename(sobra, destino)
        else:
            shutil.rmtree(sobra, ignore_errors=True)


def _trocar(nova: Path, destino: Path) -> None:
    """Troca as duas pastas de lugar num passo só (Linux: `renameat2` com `RENAME_EXCHANGE`);
    onde não há, dois nomes, com a anterior guardada para a próxima gravação a recuperar."""
    if _trocar_atomico(nova, destino):
        return
    if not (destino / MANIFESTO).is_file():
        destino.rmdir()  # vazia (conferida antes)
        os.rename(nova, destino)
        return
    anterior = Path(tempfile.mkdtemp(prefix=f".{destino.name}.cotas-anterior-", dir=destino.parent))
    os.rename(destino, anterior)  # (substitui a pasta vazia recém-criada)
    os.rename(nova, destino)
    os.rename(anterior, nova)  # o `finally` de quem chama a remove


def _trocar_atomico(a: Path, b: Path) -> bool:
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    feito = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return bool(feito == 0)
