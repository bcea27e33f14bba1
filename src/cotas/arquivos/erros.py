"""Erros e avisos de leitura de arquivos, sempre com arquivo, linha e coluna.

Os leitores nunca param no primeiro problema: juntam todos e os entregam de uma
vez em `ErrosDeEntrada`, para que o operador corrija a planilha numa só passada.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ErroEntrada:
    """Um problema num arquivo de entrada (erro ou aviso), com a sua localização.

    `linha` é a linha física do arquivo, contada a partir de 1 (o cabeçalho de
    uma planilha é a linha 1). `coluna` é o nome da coluna de uma planilha ou o
    número da coluna de um texto (TOML). `chave` é o caminho de uma chave do
    cenário, como `cargos[2].vagas` (os blocos `[[...]]` contam a partir de 1). `dica` diz
    como corrigir (por exemplo, os nomes aceitos para uma coluna que falta). `causa`: o nome
    do erro do motor (`cotas.motor.erros`) que a recusa traduz, quando ela vem dele (um teste de
    lei pode conferir qual foi).
    """

    arquivo: str
    linha: int | None
    coluna: int | str | None
    mensagem: str
    chave: str | None = None
    dica: str | None = None
    causa: str | None = None

    def __str__(self) -> str:
        partes = [self.arquivo]
        if self.linha is not None:
            partes.append(f"linha {self.linha}")
        if isinstance(self.coluna, int):
            partes.append(f"coluna {self.coluna}")
        elif self.coluna is not None:
            partes.append(f'coluna "{self.coluna}"')
        if self.chave is not None:
            partes.append(f'chave "{self.chave}"')
        dica = f" ({self.dica})" if self.dica else ""
        return f"{', '.join(partes)}: {self.mensagem}{dica}"


class ErrosDeEntrada(Exception):
    """Todos os erros encontrados num ou mais arquivos de entrada, e os avisos.

    `str(excecao)` lista cada erro numa linha, pronto para mostrar ao usuário.
    """

    def __init__(
        self,
        erros: Iterable[ErroEntrada],
        avisos: Iterable[ErroEntrada] = (),
        *,
        lidos: Sequence[Any] | None = None,
        nao_conferidos: Iterable[str] = (),
    ) -> None:
        self.erros: list[ErroEntrada] = list(erros)
        self.avisos: list[ErroEntrada] = list(avisos)
        # O que o leitor leu sem erro (as linhas boas de uma planilha com linhas ruins), para
        # quem confere o resto contra elas; None: o arquivo nem pôde ser lido.
        self.lidos = lidos
        # O que não pôde ser conferido por causa destes erros, dito uma vez (nunca calado).
        self.nao_conferidos: list[str] = list(nao_conferidos)
        super().__init__(self._mensagem())

    def _mensagem(self) -> str:
        n = len(self.erros)
        titulo = "1 erro de entrada" if n == 1 else f"{n} erros de entrada"
        linhas = [f"{titulo}:", *(f"  {erro}" for erro in self.erros)]
        if self.nao_conferidos:
            linhas.append("Não conferido por causa desses erros:")
            linhas += (f"  {motivo}" for motivo in self.nao_conferidos)
        return "\n".join(linhas)

    def __str__(self) -> str:
        return self._mensagem()


_MOTIVOS_DO_SISTEMA = {
    errno.ENOENT: "o arquivo ou a pasta não existe",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "parte do caminho não é uma pasta",
    errno.EACCES: "sem permissão",
    errno.EPERM: "operação não permitida",
    errno.EEXIST: "já existe um arquivo com esse nome",
    errno.ENOSPC: "não há espaço no disco",
    errno.EROFS: "o sistema de arquivos é só de leitura",
}


def motivo_do_sistema(erro: OSError) -> str:
    """O motivo de um erro do sistema de arquivos em português (o `strerror` vem em inglês)."""
    return _MOTIVOS_DO_SISTEMA.get(erro.errno or 0, f"erro do sistema nº {erro.errno}")


# Quantas mensagens uma tela, um aviso ou o fim de uma tarefa mostram de uma lista longa, e
# quantos caracteres cada uma, no máximo: o resto é contado ("e mais K"), nunca despejado.
MENSAGENS_NA_TELA = 50
CARACTERES_POR_MENSAGEM = 1000


def resumir(
    mensagens: Sequence[str],
    limite: int = MENSAGENS_NA_TELA,
    caracteres: int = CARACTERES_POR_MENSAGEM,
) -> list[str]:
    """As primeiras `limite` mensagens, cada uma com até `caracteres` (cortada com "…"), e, se
    houver mais, a última diz quantas ficaram de fora."""
    mostradas = [m if len(m) <= caracteres else m[: caracteres - 1] + "…" for m in mensagens]
    if len(mostradas) <= limite:
        return mostradas
    resto = len(mostradas) - limite
    return [*mostradas[:limite], f"… e mais {resto} {'erro' if resto == 1 else 'erros'}."]
