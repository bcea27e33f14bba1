"""Desenho das tabelas em CSV e XLSX (e o relatório HTML de todas), e a gravação atômica de uma
pasta de saída."""

from __future__ import annotations

import csv
import errno
import io
import os
import shutil
import tempfile
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path

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


def para_csv(tabela: Tabela) -> bytes:
    """CSV como o Excel brasileiro abre: `;`, vírgula decimal, UTF-8 com BOM."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow(tabela.colunas)
    for linha in tabela.linhas:
        escritor.writerow([texto_celula(v) for v in linha])
    return ("\ufeff" + saida.getvalue()).encode("utf-8")


def para_xlsx(tabelas: list[Tabela]) -> bytes:
    """Uma aba por tabela; números como números (a nota com duas casas, como no CSV)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    livro = Workbook()
    livro.remove(livro.active)
    for tabela in tabelas:
        aba = livro.create_sheet(tabela.nome[:31])
        aba.append(list(tabela.colunas))
        for celula in aba[1]:
            celula.font = Font(bold=True)
        # As colunas decimais ganham o formato célula a célula, pelo número da linha: `aba[n]`
        # percorreria a planilha inteira a cada linha (tempo quadrático no número de linhas).
        for numero, linha in enumerate(tabela.linhas, start=2):
            aba.append([float(v) if isinstance(v, Decimal) else v for v in linha])
            for j, valor in enumerate(linha, start=1):
                if isinstance(valor, Decimal):
                    aba.cell(numero, j).number_format = "0.00"
        aba.freeze_panes = "A2"
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


def gravar_pasta(destino: Path, arquivos: Mapping[str, bytes]) -> list[Path]:
    """Grava tudo numa pasta temporária ao lado e só então põe no lugar; nada pela metade.

    Pasta nova: a temporária inteira é renomeada para `destino` (um passo só). Pasta que já
    existe: antes de substituir qualquer arquivo, confere que cada nome pode ser substituído
    (não é uma pasta); os demais arquivos que ela tenha ficam como estavam. Erros do sistema
    saem como `OSError`, para quem chama dizer o motivo.
    """
    destino = destino.resolve()
    destino.parent.mkdir(parents=True, exist_ok=True)
    temporaria = Path(tempfile.mkdtemp(prefix=f".{destino.name}-", dir=destino.parent))
    try:
        for nome, conteudo in arquivos.items():
            (temporaria / nome).write_bytes(conteudo)
        if not destino.exists():
            os.rename(temporaria, destino)
            return [destino / nome for nome in arquivos]
        if not destino.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "não é uma pasta", str(destino))
        for nome in arquivos:
            if (destino / nome).is_dir():
                raise IsADirectoryError(errno.EISDIR, "é uma pasta", str(destino / nome))
        gravados = []
        for nome in arquivos:
            os.replace(temporaria / nome, destino / nome)
            gravados.append(destino / nome)
        return gravados
    finally:
        shutil.rmtree(temporaria, ignore_errors=True)
