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
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

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


def texto_seguro_csv(valor: object) -> str:
    """A célula do CSV; um texto (não um número) com início de fórmula ganha um `'` na frente,
    que a planilha mostra como texto."""
    texto = texto_celula(valor)
    if isinstance(valor, str) and texto.startswith(_INICIO_DE_FORMULA):
        return "'" + texto
    return texto


def para_csv(tabela: Tabela) -> bytes:
    """CSV como o Excel brasileiro abre: `;`, vírgula decimal, UTF-8 com BOM; texto que
    pareça fórmula vai com `'` na frente."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow([texto_seguro_csv(t) for t in tabela.colunas])
    for linha in tabela.linhas:
        escritor.writerow([texto_seguro_csv(v) for v in linha])
    return ("\ufeff" + saida.getvalue()).encode("utf-8")


# O limite de linhas de uma aba do formato (Excel, LibreOffice); o cabeçalho é uma delas.
LINHAS_POR_ABA = 1_048_576
_NOME_DA_ABA = 31  # caracteres, no máximo


def para_xlsx(tabelas: list[Tabela]) -> bytes:
    """Uma aba por tabela; números como números (a nota com duas casas, como no CSV).

    Uma tabela maior que uma aba segue em abas numeradas, "classificacao (1)", "(2)"..., cada
    uma com o cabeçalho: nada se perde. O livro é escrito em fluxo (`write_only`): as linhas vão
    para o arquivo sem ficar, célula a célula, na memória.
    """
    from openpyxl import Workbook

    livro = Workbook(write_only=True)
    for tabela in tabelas:
        por_aba = LINHAS_POR_ABA - 1
        partes = [tabela.linhas[i : i + por_aba] for i in range(0, len(tabela.linhas), por_aba)]
        if len(partes) <= 1:
            _escrever_aba(livro, tabela.nome[:_NOME_DA_ABA], tabela.colunas, tabela.linhas)
            continue
        for numero, parte in enumerate(partes, start=1):
            sufixo = f" ({numero})"
            nome = tabela.nome[: _NOME_DA_ABA - len(sufixo)] + sufixo
            _escrever_aba(livro, nome, tabela.colunas, parte)
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


def _escrever_aba(
    livro: Any, nome: str, colunas: tuple[str, ...], linhas: list[tuple[object, ...]]
) -> None:
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    aba = livro.create_sheet(nome)
    aba.freeze_panes = "A2"
    negrito = Font(bold=True)
    cabecalho = []
    for titulo in colunas:
        celula = _celula_texto(aba, titulo)
        celula.font = negrito
        cabecalho.append(celula)
    aba.append(cabecalho)
    for linha in linhas:
        aba.append([_celula(aba, v) for v in linha])


def _celula(aba: Any, valor: object) -> Any:
    if isinstance(valor, Decimal):
        return _celula_decimal(aba, valor)
    if isinstance(valor, str):
        return _celula_texto(aba, valor)
    return valor


def _celula_texto(aba: Any, valor: str) -> Any:
    """Texto é sempre texto: nunca fórmula (`data_type` "s", mesmo começando com `=`), e um
    caractere de controle que o XML não admite vira "\ufffd" em vez de derrubar a gravação."""
    from openpyxl.cell import WriteOnlyCell

    celula = WriteOnlyCell(aba, None)
    celula._value = _CONTROLE_PROIBIDO.sub("\ufffd", valor)
    celula.data_type = "s"
    return celula


def _celula_decimal(aba: Any, valor: Decimal) -> Any:
    from openpyxl.cell import WriteOnlyCell

    celula = WriteOnlyCell(aba, float(valor))
    celula.number_format = "0.00"
    return celula


def gravar_pasta(
    destino: Path, arquivos: Mapping[str, bytes] | Iterable[tuple[str, bytes]]
) -> list[Path]:
    """Grava tudo numa pasta temporária ao lado e só então põe no lugar; nada pela metade.

    `arquivos`: nome → conteúdo, ou pares (nome, conteúdo) produzidos um a um: cada conteúdo
    vai para o disco assim que chega e não fica na memória esperando os outros (num certame de
    um milhão de inscrições, os HTML têm centenas de MB cada). Um nome repetido vale pelo
    último conteúdo.

    Pasta nova: a temporária inteira é renomeada para `destino` (um passo só). Pasta que já
    existe: antes de substituir qualquer arquivo, confere que cada nome pode ser substituído
    (não é uma pasta); os demais arquivos que ela tenha ficam como estavam. Erros do sistema
    saem como `OSError`, para quem chama dizer o motivo.
    """
    pares = arquivos.items() if isinstance(arquivos, Mapping) else arquivos
    destino = destino.resolve()
    destino.parent.mkdir(parents=True, exist_ok=True)
    temporaria = Path(tempfile.mkdtemp(prefix=f".{destino.name}-", dir=destino.parent))
    try:
        nomes: dict[str, None] = {}  # na ordem da primeira vez
        for nome, conteudo in pares:
            (temporaria / nome).write_bytes(conteudo)
            nomes[nome] = None
            del conteudo
        if not destino.exists():
            mascara = os.umask(0)
            os.umask(mascara)
            temporaria.chmod(0o777 & ~mascara)  # (mkdtemp a cria só para o dono)
            os.rename(temporaria, destino)
            return [destino / nome for nome in nomes]
        if not destino.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "não é uma pasta", str(destino))
        for nome in nomes:
            if (destino / nome).is_dir():
                raise IsADirectoryError(errno.EISDIR, "é uma pasta", str(destino / nome))
        gravados = []
        for nome in nomes:
            os.replace(temporaria / nome, destino / nome)
            gravados.append(destino / nome)
        return gravados
    finally:
        shutil.rmtree(temporaria, ignore_errors=True)
