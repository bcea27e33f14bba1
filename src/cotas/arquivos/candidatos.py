"""Leitura da lista de candidatos (CSV, XLSX ou ODS) em objetos `Candidato`.

Uma linha por inscrição e cargo. O cabeçalho nomeia as colunas (sem distinguir
maiúsculas, acentos, espaços ou preposições, e pelos apelidos de `campos.APELIDOS` e da lei:
"Data de Nascimento", "Nº de Inscrição"...); as linhas contam a partir de 1 no
arquivo, com o cabeçalho na linha 1, e `Candidato.linha` guarda essa linha.

As colunas que decidem um resultado são obrigatórias (`campos.COLUNAS_OBRIGATORIAS`, a
opção por cada grupo da lei e o resultado da verificação quando a lei a prevê — o `esquema`
do certame —, a opção de lista quando alguém optou por duas reservas); a falta de uma é
erro, com os nomes aceitos. O padrão de cada coluna opcional ausente é dito em
`LeituraCandidatos.padroes`.

Todos os problemas são juntados e entregues de uma vez em `ErrosDeEntrada`;
colunas desconhecidas viram avisos. Nada é corrigido em silêncio: a nota é lida
como `Decimal` exato (vírgula ou ponto decimal), nunca como float. As regras de
cada campo moram em `cotas.arquivos.campos`, as mesmas da leitura em lote.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import cast

from cotas.arquivos import campos, limites
from cotas.arquivos.campos import (
    COLUNAS_CONHECIDAS,
    COLUNAS_OBRIGATORIAS,
    ValorInvalido,
    normalizar_nome,
)
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada, motivo_do_sistema
from cotas.arquivos.esquema import Esquema, descrever_cores
from cotas.motor.candidatos import Candidato, Situacao
from cotas.motor.colunar import PREFIXO_RESERVA, PREFIXO_VERIFICACAO

__all__ = [
    "COLUNAS_CONHECIDAS",
    "COLUNAS_OBRIGATORIAS",
    "EXTENSOES_PLANILHA",
    "EXTENSOES_TEXTO",
    "ErrosDaLista",
    "LeituraCandidatos",
    "descrever_leitura",
    "ler_candidatos",
    "normalizar_nome",
]

EXTENSOES_PLANILHA = frozenset({".xlsx", ".xlsm", ".xls", ".ods"})
EXTENSOES_TEXTO = frozenset({".csv", ".txt"})


@dataclass(frozen=True)
class LeituraCandidatos:
    """Resultado de uma leitura sem erros: os candidatos, os avisos e como o arquivo foi lido.

    De um CSV grande, `candidatos` é uma `TabelaCandidatos` (em colunas, cada `Candidato` criado
    quando pedido); leia-a como sequência. `cabecalho`: cada título do arquivo e a coluna que ele
    virou (None: ignorado). `padroes`: o que vale para cada coluna opcional ausente, em português.
    `aba`: a aba lida de uma planilha.
    """

    candidatos: Sequence[Candidato]
    avisos: list[ErroEntrada]
    cabecalho: tuple[tuple[str, str | None], ...] = ()
    padroes: tuple[str, ...] = ()
    aba: str | None = None
    arquivo: str = ""


def descrever_leitura(leitura: LeituraCandidatos) -> list[str]:
    """Como o arquivo foi lido, para a linha de comando: a aba, cada título que não é o nome
    exato da coluna (ou que foi ignorado) e os padrões das colunas opcionais ausentes."""
    linhas = []
    if leitura.aba is not None:
        linhas.append(f'{leitura.arquivo}: lida a aba "{leitura.aba}"')
    for titulo, coluna in leitura.cabecalho:
        if coluna is None:
            linhas.append(f'{leitura.arquivo}: coluna "{titulo}" ignorada')
        elif titulo != coluna:
            linhas.append(f'{leitura.arquivo}: coluna "{titulo}" lida como {coluna}')
    linhas.extend(f"{leitura.arquivo}: {padrao}" for padrao in leitura.padroes)
    return linhas


class ErrosDaLista(ErrosDeEntrada):
    """Os erros da lista de candidatos, os cargos que as linhas citam e as linhas lidas sem erro:
    o cenário avisa de um cargo sem candidatos e confere os eventos mesmo quando a lista ainda
    tem erros (tudo numa só passada)."""

    def __init__(
        self,
        erros: list[ErroEntrada],
        avisos: list[ErroEntrada],
        cargos_citados: frozenset[str] = frozenset(),
        lidos: Sequence[Candidato] | None = None,
    ) -> None:
        super().__init__(erros, avisos)
        self.cargos_citados = cargos_citados
        self.lidos = lidos


@dataclass
class _Cabecalho:
    """O cabeçalho lido: índice e título de cada coluna aceita, o mapa e os padrões."""

    linha: int
    indices: dict[str, int] = field(default_factory=dict)  # coluna (ou desempate) → índice
    titulos: dict[str, str] = field(default_factory=dict)  # coluna → título no arquivo
    mapa: list[tuple[str, str | None]] = field(default_factory=list)
    padroes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- codificação

_BYTE_INVALIDO = re.compile("[\udc80-\udcff]")  # byte que não é UTF-8 (pelo surrogateescape)
_NAO_ASCII_VALIDO = re.compile("[^\x00-\x7f\udc80-\udcff]")
_MAX_BYTES_LISTADOS = 20


def _decodificar(dados: bytes, arquivo: str) -> tuple[str | None, bool, list[ErroEntrada]]:
    """O texto, se era UTF-8 e os erros de codificação; decidido uma vez, pela evidência.

    UTF-8 válido (com ou sem BOM) é UTF-8. Senão, contam-se os caracteres não ASCII que são UTF-8
    válido e os bytes que não são: havendo ao menos tantos válidos quanto inválidos (ou o BOM),
    o arquivo é UTF-8 com alguns bytes estragados, e cada um é um erro com linha e coluna (um byte
    solto do Windows-1252 não faz o arquivo inteiro ser relido como Windows-1252). Senão, é
    Windows-1252.
    """
    if codificacao := _utf16(dados):
        try:
            return dados.decode(codificacao), False, []
        except UnicodeDecodeError:
            erro = ErroEntrada(arquivo, None, None, "o arquivo parece UTF-16, mas está truncado")
            return None, False, [erro]
    bom = dados.startswith(codecs.BOM_UTF8)
    try:
        return dados.decode("utf-8-sig"), True, []
    except UnicodeDecodeError:
        pass
    texto = dados.decode("utf-8-sig", "surrogateescape")
    invalidos = [m.start() for m in _BYTE_INVALIDO.finditer(texto)]
    validos = sum(1 for _ in _NAO_ASCII_VALIDO.finditer(texto))
    if bom or validos >= len(invalidos):
        return _BYTE_INVALIDO.sub("\ufffd", texto), True, _erros_de_byte(texto, invalidos, arquivo)
    try:
        return dados.decode("cp1252"), False, []
    except UnicodeDecodeError:
        erro = ErroEntrada(arquivo, None, None, "o arquivo não está em UTF-8 nem em Windows-1252")
        return None, False, [erro]


def _utf16(dados: bytes) -> str | None:
    """A codificação, se o arquivo é UTF-16 (o "Unicode" do Excel e do Bloco de Notas): pelo BOM
    ou, sem ele, pelos bytes nulos de um lado só nos primeiros caracteres (texto em UTF-8 ou
    Windows-1252 não tem NUL)."""
    if dados.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    inicio = dados[:2000]
    if len(inicio) < 4:
        return None
    pares, impares = inicio[0::2].count(0), inicio[1::2].count(0)
    metade = len(inicio) // 2
    if impares > 0.4 * metade and pares == 0:
        return "utf-16-le"
    if pares > 0.4 * metade and impares == 0:
        return "utf-16-be"
    return None


def _erros_de_byte(texto: str, posicoes: list[int], arquivo: str) -> list[ErroEntrada]:
    """Um erro por byte que não é UTF-8, com a linha e a coluna (em caracteres)."""
    erros = []
    linha, inicio, anterior = 1, 0, 0
    for posicao in posicoes[:_MAX_BYTES_LISTADOS]:
        quebras = texto.count("\n", anterior, posicao)
        if quebras:
            linha += quebras
            inicio = texto.rfind("\n", 0, posicao) + 1
        anterior = posicao
        byte = ord(texto[posicao]) - 0xDC00
        erros.append(
            ErroEntrada(
                arquivo,
                linha,
                posicao - inicio + 1,
                f"o byte 0x{byte:02X} não é UTF-8: o arquivo está em UTF-8, mas este caractere "
                "não (corrija-o ou salve o arquivo de novo como UTF-8)",
            )
        )
    if len(posicoes) > _MAX_BYTES_LISTADOS:
        erros.append(
            ErroEntrada(
                arquivo,
                None,
                None,
                f"e mais {len(posicoes) - _MAX_BYTES_LISTADOS} bytes que não são UTF-8",
            )
        )
    return erros


# ---------------------------------------------------------------- fontes de linhas

_Linhas = Iterator[tuple[int, list[object]]]

# A partir deste tamanho (em caracteres) um CSV tenta a leitura em lote (`cotas.arquivos.rapido`),
# que dá o mesmo resultado e, em qualquer dúvida, devolve o arquivo à leitura linha a linha.
LIMIAR_LEITURA_EM_LOTE = 1_000_000


@dataclass(frozen=True)
class TabelaEmLinha:
    """A lista de candidatos escrita no próprio cenário (um CSV entre três aspas, como nos
    testes de lei): o texto e a linha do cenário em que ele começa."""

    texto: str
    primeira_linha: int


@dataclass(frozen=True)
class _Pedido:
    """O que o chamador informa para a leitura (o mesmo nos dois caminhos)."""

    arquivo: str
    colunas_desempate: tuple[str, ...]
    esquema: Esquema  # as colunas do certame (as dos grupos vêm da lei)
    cargos: frozenset[str] | None
    origem_cargos: str
    data_edital: date | None
    # Título do arquivo (na forma de `campos.chave_de_cabecalho`) → coluna, escolhido por quem
    # importa quando o cabeçalho da banca não usa um nome aceito.
    renomear: dict[str, str] = field(default_factory=dict)


def _em_lote(fonte: Path | bytes, pedido: _Pedido) -> LeituraCandidatos | None:
    """A leitura em lote do arquivo (ou dos seus bytes em UTF-8, sem o BOM), ou None: leia
    linha a linha."""
    from cotas.arquivos.rapido import ler_csv_em_lote

    lidos: list[_Cabecalho] = []

    def ler_cabecalho(
        celulas: list[object], erros: list[ErroEntrada], avisos: list[ErroEntrada]
    ) -> dict[str, int]:
        # As mesmas conferências (e mensagens) do cabeçalho da leitura linha a linha.
        cabecalho = _ler_cabecalho(celulas, 1, pedido, erros, avisos)
        lidos.append(cabecalho)
        return cabecalho.indices

    lido = ler_csv_em_lote(
        fonte,
        pedido.arquivo,
        pedido.colunas_desempate,
        ler_cabecalho,
        pedido.cargos,
        pedido.data_edital,
        pedido.esquema,
    )
    if lido is None:
        return None
    return _leitura(lido[0], lido[1], lidos[-1], pedido.arquivo)


def _leitura(
    candidatos: Sequence[Candidato],
    avisos: list[ErroEntrada],
    cabecalho: _Cabecalho,
    arquivo: str,
    aba: str | None = None,
) -> LeituraCandidatos:
    return LeituraCandidatos(
        candidatos=candidatos,
        avisos=avisos,
        cabecalho=tuple(cabecalho.mapa),
        padroes=tuple(cabecalho.padroes),
        aba=aba,
        arquivo=arquivo,
    )


# Mensagens do módulo csv (em inglês) → português.
_ERROS_CSV = (
    (
        "field larger than field limit",
        "um valor passa de {limite} caracteres (aspas sem fechamento?)",
    ),
    ("new-line character seen in unquoted field", "quebra de linha solta dentro de um valor"),
    ("line contains nul", "a linha contém o caractere nulo (NUL): não é um CSV de texto"),
    ("unexpected end of data", "o arquivo termina no meio de um valor entre aspas"),
)


def _mensagem_csv(exc: csv.Error) -> str:
    original = str(exc).lower()
    for trecho, mensagem in _ERROS_CSV:
        if trecho in original:
            motivo = mensagem.format(limite=f"{csv.field_size_limit():,}".replace(",", "."))
            break
    else:
        motivo = "formato de CSV inválido"
    return f"linha de CSV malformada: {motivo}; a leitura parou aqui"


# O maior valor de uma célula do CSV (o padrão do módulo csv): passar dele é quase sempre uma
# aspa sem fechamento engolindo o resto do arquivo. Fixado a cada leitura, porque o limite do
# módulo é global e outra biblioteca no mesmo processo pode tê-lo mudado.
LIMITE_DA_CELULA = 131_072


def _linhas_csv(
    texto: str, arquivo: str, erros: list[ErroEntrada], primeira_linha: int = 1
) -> _Linhas:
    csv.field_size_limit(LIMITE_DA_CELULA)
    leitor = csv.reader(io.StringIO(texto, newline=""), delimiter=campos.separador(texto))
    anterior = 0
    while True:
        try:
            celulas = next(leitor)
        except StopIteration:
            return
        except csv.Error as exc:
            linha = anterior + primeira_linha
            erros.append(ErroEntrada(arquivo, linha, None, _mensagem_csv(exc)))
            return
        yield anterior + 1, cast(list[object], celulas)
        anterior = leitor.line_num


def _escolher_aba(
    pasta: object,
    aba: str | None,
    arquivo: str,
    erros: list[ErroEntrada],
    avisos: list[ErroEntrada],
) -> str | None:
    """A aba a ler: a pedida, ou a única visível, ou (com várias visíveis) a primeira visível,
    com um aviso. Uma aba oculta nunca é lida sem ser pedida pelo nome; a aba de ajuda do
    modelo que a aplicação oferece nunca é lida sem ser pedida, nem conta como outra aba."""
    from python_calamine import SheetVisibleEnum

    metadados = pasta.sheets_metadata  # type: ignore[attr-defined]
    nomes = [str(m.name) for m in metadados]
    visiveis = [str(m.name) for m in metadados if m.visible == SheetVisibleEnum.Visible]
    if len(visiveis) > 1:
        visiveis = [n for n in visiveis if not _aba_de_ajuda(pasta, n)] or visiveis
    lista = ", ".join(f'"{n}"' for n in nomes)
    if aba is not None:
        if aba in nomes:
            return aba
        erros.append(ErroEntrada(arquivo, None, None, f'não há aba "{aba}" (abas: {lista})'))
        return None
    if not visiveis:
        erros.append(ErroEntrada(arquivo, None, None, "a planilha não tem nenhuma aba visível"))
        return None
    if len(visiveis) > 1:
        avisos.append(
            ErroEntrada(
                arquivo,
                None,
                None,
                f"a planilha tem {len(visiveis)} abas visíveis; foi lida a primeira, "
                f'"{visiveis[0]}" (abas: {lista})',
            )
        )
    return visiveis[0]


def _aba_de_ajuda(pasta: object, nome: str) -> bool:
    """Se a aba é a de ajuda do modelo para baixar (pelo nome; a dos modelos antigos, pelo nome e
    pelo cabeçalho dela)."""
    if nome == campos.ABA_DE_AJUDA_DO_MODELO:
        return True
    if nome != campos.ABA_DE_AJUDA_ANTIGA:
        return False
    try:
        aba = pasta.get_sheet_by_name(nome)  # type: ignore[attr-defined]
        primeira: list[object] = next(iter(aba.iter_rows()), [])
    except Exception:  # (ilegível: não é a ajuda; a leitura dirá o resto)
        return False
    return tuple(campos.texto(c).strip() for c in primeira) == campos.CABECALHO_DA_AJUDA


def _linhas_planilha(
    caminho: Path,
    arquivo: str,
    aba: str | None,
    erros: list[ErroEntrada],
    avisos: list[ErroEntrada],
    lida: list[str],
) -> _Linhas:
    from python_calamine import CalamineWorkbook

    try:
        limites.conferir_planilha(caminho)  # antes de abrir: a biblioteca reserva a aba inteira
    except limites.PlanilhaRecusada as recusa:
        erros.append(ErroEntrada(arquivo, None, None, str(recusa)))
        return
    try:
        pasta = CalamineWorkbook.from_path(str(caminho))
        escolhida = _escolher_aba(pasta, aba, arquivo, erros, avisos)
        if escolhida is None:
            return
        lida.append(escolhida)
        linhas = pasta.get_sheet_by_name(escolhida).to_python(skip_empty_area=False)
    except Exception:  # python-calamine levanta vários tipos próprios, com textos em inglês
        erros.append(
            ErroEntrada(
                arquivo,
                None,
                None,
                "não foi possível ler a planilha: o arquivo está corrompido ou não é uma "
                "planilha XLSX ou ODS de verdade (abra-o e salve-o de novo)",
            )
        )
        return
    for indice, celulas in enumerate(linhas):
        yield indice + 1, cast(list[object], celulas)


# ---------------------------------------------------------------- leitura


def ler_candidatos(
    caminho: Path,
    colunas_desempate: Sequence[str] = (),
    *,
    esquema: Esquema,
    cargos: Collection[str] | None = None,
    origem_cargos: str = "cargos do certame",
    aba: str | None = None,
    data_edital: date | None = None,
    renomear: dict[str, str] | None = None,
    em_linha: TabelaEmLinha | None = None,
) -> LeituraCandidatos:
    """Lê a lista de candidatos de um CSV, XLSX ou ODS (ou a escrita no cenário: `em_linha`).

    `colunas_desempate` são as colunas numéricas que o cenário nomeia como critérios de desempate
    do edital; cada uma vira um par (nome, Decimal) em `Candidato.desempate`, com o nome como o
    cenário o escreveu. `esquema`: as colunas do certame, com as de cada grupo da lei
    (`cotas.arquivos.esquema.esquema_do_certame`). `cargos`: os códigos de cargo do
    certame (um cargo fora deles é erro, junto com os das linhas; None: não confere), descritos
    nas mensagens como `origem_cargos`. `aba`: a aba de uma planilha (sem ela, a única visível).
    `data_edital`: ninguém nasceu depois dela (sem ela, depois de hoje). `renomear`: título do
    arquivo → coluna, para um cabeçalho que não usa os nomes aceitos (escolha de quem importa).
    `em_linha`: a tabela escrita no próprio cenário (`caminho` é então o do cenário).

    Levanta `ErrosDeEntrada` com todos os erros encontrados (e os avisos). A linha de exemplo
    do modelo que a aplicação oferece é um erro (`_linhas_de_exemplo`).
    """
    try:
        leitura = _ler_candidatos(
            caminho,
            colunas_desempate,
            esquema=esquema,
            cargos=cargos,
            origem_cargos=origem_cargos,
            aba=aba,
            data_edital=data_edital,
            renomear=renomear,
            em_linha=em_linha,
        )
    except ErrosDaLista as erros:
        exemplo = _linhas_de_exemplo(erros.lidos or (), Path(caminho).name)
        if not exemplo:
            raise
        raise ErrosDaLista(
            sorted([*erros.erros, *exemplo], key=lambda e: e.linha or 0),
            erros.avisos,
            erros.cargos_citados,
            _sem_o_exemplo(erros.lidos or ()),
        ) from None
    exemplo = _linhas_de_exemplo(leitura.candidatos, leitura.arquivo)
    if exemplo:
        raise ErrosDaLista(
            exemplo,
            leitura.avisos,
            frozenset(c.cargo for c in leitura.candidatos),
            _sem_o_exemplo(leitura.candidatos),
        )
    return leitura


def _linhas_de_exemplo(candidatos: Sequence[Candidato], arquivo: str) -> list[ErroEntrada]:
    """A linha de exemplo do modelo para baixar (o nome dela), deixada no arquivo: recusada,
    na linha dela (importada, seria convocada, julgada e publicada como um candidato)."""
    from cotas.motor.colunar import TabelaCandidatos

    if isinstance(candidatos, TabelaCandidatos):  # (a leitura em lote: procura no quadro)
        import polars as pl

        nome = campos.EXEMPLO_DO_MODELO["nome"].casefold()
        achados = candidatos.quadro.with_row_index("_i").filter(
            pl.col("nome").str.replace_all(r"\s+", " ").str.strip_chars().str.to_lowercase() == nome
        )
        exemplos = candidatos.materializar(achados["_i"].to_list())
    else:
        exemplos = [c for c in candidatos if campos.nome_do_exemplo(c.nome)]
    return [
        ErroEntrada(
            arquivo,
            c.linha,
            "nome",
            f"a linha {c.linha} é a linha de exemplo do modelo (inscrição {c.inscricao}, "
            f"“{c.nome}”); apague-a e importe de novo",
        )
        for c in exemplos
    ]


def _sem_o_exemplo(candidatos: Sequence[Candidato]) -> list[Candidato]:
    return [c for c in candidatos if not campos.nome_do_exemplo(c.nome)]


def _ler_candidatos(
    caminho: Path,
    colunas_desempate: Sequence[str] = (),
    *,
    esquema: Esquema,
    cargos: Collection[str] | None = None,
    origem_cargos: str = "cargos do certame",
    aba: str | None = None,
    data_edital: date | None = None,
    renomear: dict[str, str] | None = None,
    em_linha: TabelaEmLinha | None = None,
) -> LeituraCandidatos:
    caminho = Path(caminho)
    pedido = _Pedido(
        arquivo=caminho.name,
        colunas_desempate=tuple(colunas_desempate),
        esquema=esquema,
        cargos=None if cargos is None else frozenset(cargos),
        origem_cargos=origem_cargos,
        data_edital=data_edital,
        renomear={campos.chave_de_cabecalho(t): c for t, c in (renomear or {}).items()},
    )
    if em_linha is not None:
        return _ler_texto_csv(em_linha.texto, pedido, [], em_linha.primeira_linha)
    extensao = caminho.suffix.lower()
    if extensao not in EXTENSOES_TEXTO | EXTENSOES_PLANILHA:
        _falhar(
            pedido.arquivo, f'formato "{caminho.suffix}" não reconhecido (use .csv, .xlsx ou .ods)'
        )
    if caminho.is_dir():
        _falhar(pedido.arquivo, "é uma pasta, não um arquivo")
    if extensao in EXTENSOES_PLANILHA:
        if not caminho.is_file():
            _falhar(pedido.arquivo, "o arquivo não existe")
        return _ler_planilha(caminho, pedido, aba)
    return _ler_csv(caminho, pedido)


def _falhar(arquivo: str, mensagem: str) -> None:
    raise ErrosDeEntrada([ErroEntrada(arquivo, None, None, mensagem)])


def _ler_csv(caminho: Path, pedido: _Pedido) -> LeituraCandidatos:
    try:
        # Um arquivo grande tenta primeiro a leitura em lote, que o polars faz direto do disco,
        # como UTF-8: sem decodificar o arquivo inteiro em Python (o polars confere o UTF-8 e, se
        # houver byte inválido, devolve o arquivo para cá, que decide a codificação).
        if caminho.stat().st_size >= LIMIAR_LEITURA_EM_LOTE and not _utf16(_inicio(caminho)):
            em_lote = _em_lote(caminho, pedido)
            if em_lote is not None:
                return em_lote
        dados = caminho.read_bytes()
    except OSError as exc:
        _falhar(pedido.arquivo, f"não foi possível abrir o arquivo ({motivo_do_sistema(exc)})")
        raise  # (não chega aqui)
    texto, utf8, erros = _decodificar(dados, pedido.arquivo)
    if texto is None:
        raise ErrosDeEntrada(erros)
    if not utf8 and len(texto) >= LIMIAR_LEITURA_EM_LOTE:
        # Windows-1252: o polars lê o texto recodificado em UTF-8.
        em_lote = _em_lote(texto.encode("utf-8"), pedido)
        if em_lote is not None:
            return em_lote
    return _ler_texto_csv(texto, pedido, erros)


def _ler_texto_csv(
    texto: str, pedido: _Pedido, erros: list[ErroEntrada], primeira_linha: int = 1
) -> LeituraCandidatos:
    """As linhas de um CSV já decodificado; cada linha com o seu número no arquivo (a tabela
    escrita no cenário começa na `primeira_linha` dele)."""
    avisos: list[ErroEntrada] = []
    citados: set[str] = set()
    linhas = (
        (n + primeira_linha - 1, celulas)
        for n, celulas in _linhas_csv(texto, pedido.arquivo, erros, primeira_linha)
    )
    candidatos, cabecalho = _ler_linhas(linhas, pedido, erros, avisos, citados)
    if erros or cabecalho is None:
        lidos = candidatos if _com_candidatos(cabecalho) else None
        raise ErrosDaLista(erros, avisos, frozenset(citados), lidos)
    return _leitura(candidatos, avisos, cabecalho, pedido.arquivo)


def _inicio(caminho: Path) -> bytes:
    with caminho.open("rb") as arquivo:
        return arquivo.read(2000)


def _ler_planilha(caminho: Path, pedido: _Pedido, aba: str | None) -> LeituraCandidatos:
    erros: list[ErroEntrada] = []
    avisos: list[ErroEntrada] = []
    lida: list[str] = []
    citados: set[str] = set()
    linhas = _linhas_planilha(caminho, pedido.arquivo, aba, erros, avisos, lida)
    candidatos, cabecalho = _ler_linhas(linhas, pedido, erros, avisos, citados)
    if erros or cabecalho is None:
        lidos = candidatos if _com_candidatos(cabecalho) else None
        raise ErrosDaLista(erros, avisos, frozenset(citados), lidos)
    return _leitura(candidatos, avisos, cabecalho, pedido.arquivo, lida[0] if lida else None)


def _com_candidatos(cabecalho: _Cabecalho | None) -> bool:
    """Se as linhas podem virar candidatos: sem alguma das colunas que todo candidato tem
    (inscrição, nome, cargo, nota), nenhuma vira."""
    return cabecalho is not None and all(
        c in cabecalho.indices for c in ("inscricao", "nome", "cargo", "nota")
    )


def _ler_cabecalho(
    celulas: list[object],
    linha: int,
    pedido: _Pedido,
    erros: list[ErroEntrada],
    avisos: list[ErroEntrada],
) -> _Cabecalho:
    """Cada título vira uma coluna (pelos apelidos) ou um critério de desempate do edital;
    confere as colunas que faltam e diz o padrão das opcionais ausentes."""
    arquivo = pedido.arquivo
    cabecalho = _Cabecalho(linha)
    desempate_por_nome = {normalizar_nome(c): c for c in pedido.colunas_desempate}
    for indice, bruto in enumerate(celulas):
        titulo = campos.texto(bruto).lstrip("\ufeff").strip()
        nome = normalizar_nome(titulo)
        if not nome:
            avisos.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    indice + 1,
                    "coluna sem nome no cabeçalho; os valores dela serão ignorados",
                )
            )
            continue
        coluna = _coluna_do_titulo(titulo, nome, pedido, desempate_por_nome)
        if coluna is None:
            cabecalho.mapa.append((titulo, None))
            avisos.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    titulo,
                    "coluna desconhecida, ignorada (as colunas aceitas são "
                    + pedido.esquema.descrever(pedido.esquema.conhecidas)
                    + ")",
                )
            )
            continue
        if coluna in cabecalho.indices:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    titulo,
                    f'coluna repetida no cabeçalho (já aparece como "{cabecalho.titulos[coluna]}")',
                )
            )
            continue
        cabecalho.indices[coluna] = indice
        cabecalho.titulos[coluna] = titulo
        cabecalho.mapa.append(
            (titulo, desempate_por_nome.get(coluna) or pedido.esquema.no_arquivo(coluna))
        )

    _conferir_colunas(cabecalho, pedido, desempate_por_nome, erros)
    return cabecalho


def _coluna_do_titulo(
    titulo: str, nome: str, pedido: _Pedido, desempate_por_nome: dict[str, str]
) -> str | None:
    """A coluna de um título do cabeçalho (None: desconhecida)."""
    escolhida = pedido.renomear.get(campos.chave_de_cabecalho(titulo))
    # A coluna escolhida por quem importa vale antes de tudo; o nome que o cenário dá a um
    # critério de desempate, antes dos apelidos.
    if escolhida is not None:
        # (o nome de uma coluna do certame, pelos nomes da lei, ou um critério do edital)
        return pedido.esquema.coluna_do_titulo(escolhida) or normalizar_nome(escolhida)
    if nome in desempate_por_nome and nome not in pedido.esquema.conversores:
        return nome
    return pedido.esquema.coluna_do_titulo(titulo)


def _conferir_colunas(
    cabecalho: _Cabecalho,
    pedido: _Pedido,
    desempate_por_nome: dict[str, str],
    erros: list[ErroEntrada],
) -> None:
    """As colunas obrigatórias e as de desempate que faltam; o padrão das opcionais ausentes."""
    arquivo, linha = pedido.arquivo, cabecalho.linha
    esquema = pedido.esquema
    for obrigatoria in esquema.obrigatorias:
        if obrigatoria not in cabecalho.indices:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    esquema.no_arquivo(obrigatoria),
                    "falta esta coluna obrigatória",
                    dica=f"nomes aceitos no cabeçalho: {esquema.nomes_aceitos(obrigatoria)}",
                )
            )
    cabecalho.padroes = [
        padrao
        for coluna, padrao in esquema.padroes.items()
        if coluna not in cabecalho.indices and coluna not in esquema.obrigatorias
    ]
    for nome, original in desempate_por_nome.items():
        if nome in esquema.conversores:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    original,
                    "uma coluna padrão do arquivo não pode ser critério de desempate do edital",
                )
            )
        elif nome not in cabecalho.indices:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    original,
                    "falta a coluna de desempate que o cenário nomeia",
                )
            )


def _ler_linhas(
    linhas: _Linhas,
    pedido: _Pedido,
    erros: list[ErroEntrada],
    avisos: list[ErroEntrada],
    citados: set[str],
) -> tuple[list[Candidato], _Cabecalho | None]:
    """Os candidatos das linhas e o cabeçalho (None se o arquivo não tem nenhum); em `citados`,
    os cargos que as linhas citam."""
    arquivo = pedido.arquivo
    # Cabeçalho: a primeira linha com conteúdo.
    encontrado = next(((n, c) for n, c in linhas if any(campos.texto(v) for v in c)), None)
    if encontrado is None:
        if not erros:  # com a planilha ilegível, esse erro já basta
            erros.append(
                ErroEntrada(arquivo, None, None, "o arquivo está vazio (falta o cabeçalho)")
            )
        return [], None
    linha_cabecalho, celulas_cabecalho = encontrado
    cabecalho = _ler_cabecalho(celulas_cabecalho, linha_cabecalho, pedido, erros, avisos)
    indices, titulos = cabecalho.indices, cabecalho.titulos
    desempate_por_nome = {normalizar_nome(c): c for c in pedido.colunas_desempate}

    # Plano por coluna: (campo, índice, título no arquivo, conversor).
    conversores = {
        **pedido.esquema.conversores,
        "data_nascimento": campos.conversor_nascimento(pedido.data_edital),
    }
    plano = [
        (campo, indices[campo], titulos[campo], conversor)
        for campo, conversor in conversores.items()
        if campo in indices
    ]
    plano_desempate = [
        (original, indices[nome], titulos[nome])
        for nome, original in desempate_por_nome.items()
        if nome in indices and nome not in pedido.esquema.conversores
    ]
    largura = max(indices.values(), default=-1) + 1
    largura_cabecalho = len(celulas_cabecalho)
    limite = campos.LIMITE_CARACTERES
    conferencia = _Conferencia(pedido, cabecalho, erros, avisos, citados)
    candidatos: list[Candidato] = []
    guardar = _com_candidatos(cabecalho)

    for linha, celulas in linhas:
        if not any(celulas):
            continue  # linha vazia (inclusive as do fim do arquivo)
        n = len(celulas)
        if n < largura:
            celulas = celulas + [""] * (largura - n)
        elif n > largura_cabecalho and any(campos.texto(c) for c in celulas[largura_cabecalho:]):
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    None,
                    f"a linha tem {n} valores, mas o cabeçalho só tem {largura_cabecalho} colunas",
                )
            )
        valores: dict[str, object] = {}
        ok = True
        for campo, indice, titulo, conversor in plano:
            bruto = celulas[indice]
            try:
                if type(bruto) is str and len(bruto) > limite:
                    campos.conferir_tamanho(bruto)
                valores[campo] = conversor(bruto)
            except ValorInvalido as exc:
                erros.append(ErroEntrada(arquivo, linha, titulo, str(exc)))
                ok = False
        if plano_desempate:
            ok = _ler_desempate(valores, celulas, plano_desempate, arquivo, linha, erros) and ok
        ok = conferencia.linha(linha, valores) and ok
        if ok and guardar:  # (com erros em outras linhas, as boas vão em `ErrosDaLista.lidos`)
            candidatos.append(pedido.esquema.candidato(linha, valores))
    conferencia.fim()
    return candidatos, cabecalho


class _Conferencia:
    """O que se confere entre os valores de uma linha e entre linhas: inscrição repetida,
    reserva sem autodeclaração, parecer de quem não optou, as duas reservas sem a coluna da
    opção, cargo fora do certame, o mesmo CPF duas vezes no cargo."""

    def __init__(
        self,
        pedido: _Pedido,
        cabecalho: _Cabecalho,
        erros: list[ErroEntrada],
        avisos: list[ErroEntrada],
        citados: set[str],
    ) -> None:
        self.pedido, self.cabecalho = pedido, cabecalho
        self.arquivo, self.titulos = pedido.arquivo, cabecalho.titulos
        self.erros, self.avisos, self.citados = erros, avisos, citados
        self.sem_opcao_lista = "opcao_lista" not in cabecalho.indices
        self.linha_da_inscricao: dict[str, int] = {}
        self.linha_do_cpf: dict[tuple[str, str], int] = {}
        self.fora_dos_cargos: dict[str, tuple[int, int]] = {}  # cargo → (primeira linha, quantos)
        self.duas_reservas: list[int] = []  # linhas de quem optou pelas duas reservas

    def _erro(self, linha: int, coluna: str, mensagem: str) -> None:
        self.erros.append(ErroEntrada(self.arquivo, linha, self.titulos[coluna], mensagem))

    def _aviso(self, linha: int, coluna: str, mensagem: str) -> None:
        self.avisos.append(ErroEntrada(self.arquivo, linha, self.titulos[coluna], mensagem))

    def linha(self, linha: int, valores: dict[str, object]) -> bool:
        """Confere a linha; se ela pode virar candidato."""
        ok = self._inscricao(linha, valores.get("inscricao"))
        cor = valores.get("cor_raca")
        reservas = 0
        for g in self.pedido.esquema.grupos:
            reserva = valores.get(PREFIXO_RESERVA + g.grupo) is True
            reservas += reserva
            # (cor ilegível, ou coluna ausente, já é erro)
            if (
                reserva
                and g.cores
                and "cor_raca" in valores
                and getattr(cor, "value", None) not in g.cores
            ):
                declarada = f'"{cor}"' if cor is not None else "nenhuma"
                self._erro(
                    linha,
                    PREFIXO_RESERVA + g.grupo,
                    f"a reserva a {g.rotulo} exige autodeclaração como {descrever_cores(g.cores)} "
                    f"(cor_raca declarada: {declarada})",
                )
                ok = False
            verificacao = PREFIXO_VERIFICACAO + g.grupo
            if valores.get(verificacao) is not None and not reserva:
                self._aviso(
                    linha,
                    verificacao,
                    f"há resultado de verificação para quem não optou pela reserva a {g.rotulo}",
                )
        esquema = self.pedido.esquema
        if (
            self.sem_opcao_lista
            and esquema.reservas_em_que_concorre(reservas, valores.get("pcd") is True) > 1
        ):
            self.duas_reservas.append(linha)
        cargo = valores.get("cargo")
        if isinstance(cargo, str):
            ok = self._cargo(linha, cargo, valores.get("cpf")) and ok
        return ok

    def _inscricao(self, linha: int, inscricao: object) -> bool:
        if not isinstance(inscricao, str):
            return True
        primeira = self.linha_da_inscricao.setdefault(inscricao, linha)
        if primeira == linha:
            return True
        self._erro(
            linha, "inscricao", f'inscrição "{inscricao}" repetida: já aparece na linha {primeira}'
        )
        return False

    def _cargo(self, linha: int, cargo: str, cpf: object) -> bool:
        self.citados.add(cargo)
        if isinstance(cpf, str):
            primeira = self.linha_do_cpf.setdefault((cargo, cpf), linha)
            if primeira != linha:
                self._aviso(
                    linha,
                    "cpf",
                    f'o mesmo CPF já está inscrito no cargo "{cargo}" na linha {primeira}',
                )
        cargos = self.pedido.cargos
        if cargos is None or cargo in cargos:
            return True
        primeira, quantos = self.fora_dos_cargos.get(cargo, (linha, 0))
        self.fora_dos_cargos[cargo] = (primeira, quantos + 1)
        return False

    def fim(self) -> None:
        """Os erros que só se sabem no fim: cargos fora do certame, a coluna da opção."""
        titulo = self.titulos.get("cargo", "cargo")
        self.erros.extend(_erros_de_cargo(self.fora_dos_cargos, self.pedido, titulo))
        if self.duas_reservas:
            self.erros.append(
                _falta_opcao_lista(
                    self.duas_reservas, self.cabecalho.linha, self.arquivo, self.pedido.esquema
                )
            )


def _ler_desempate(
    valores: dict[str, object],
    celulas: list[object],
    plano_desempate: list[tuple[str, int, str]],
    arquivo: str,
    linha: int,
    erros: list[ErroEntrada],
) -> bool:
    """Os critérios de desempate do edital da linha, em `valores["desempate"]`; se leu bem."""
    eliminado = valores.get("situacao") is Situacao.ELIMINADO
    pares: list[tuple[str, Decimal]] = []
    ok = True
    for original, indice, titulo in plano_desempate:
        try:
            campos.conferir_tamanho(celulas[indice])
            numero = campos.decimal_opcional(celulas[indice])
        except ValorInvalido as exc:
            erros.append(ErroEntrada(arquivo, linha, titulo, str(exc)))
            ok = False
            continue
        if numero is not None:
            pares.append((original, numero))
        elif not eliminado:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    titulo,
                    "valor vazio; o critério de desempate do edital é obrigatório "
                    "para candidatos aprovados",
                )
            )
            ok = False
    valores["desempate"] = tuple(pares)
    return ok


def _erros_de_cargo(
    fora_dos_cargos: dict[str, tuple[int, int]], pedido: _Pedido, titulo: str
) -> list[ErroEntrada]:
    """Um erro por cargo que não é do certame, na linha do primeiro candidato dele."""
    erros = []
    for cargo, (primeira, quantos) in fora_dos_cargos.items():
        candidatos = "1 candidato" if quantos == 1 else f"{quantos} candidatos"
        erros.append(
            ErroEntrada(
                pedido.arquivo,
                primeira,
                titulo,
                f'o cargo "{cargo}" ({candidatos}) não está nos {pedido.origem_cargos}',
            )
        )
    return erros


def _falta_opcao_lista(
    linhas: list[int], linha_cabecalho: int, arquivo: str, esquema: Esquema
) -> ErroEntrada:
    mostradas = ", ".join(str(n) for n in linhas[:10])
    if len(linhas) > 10:
        mostradas += f" e mais {len(linhas) - 10}"
    return ErroEntrada(
        arquivo,
        linha_cabecalho,
        "opcao_lista",
        "falta a coluna opcao_lista: há quem optou por duas reservas e ela diz por qual lista "
        f"cada um concorre (linhas {mostradas})",
        dica=f"nomes aceitos no cabeçalho: {esquema.nomes_aceitos('opcao_lista')}",
    )
