"""Mensagens do argparse em português (o módulo só as traduz via gettext, que não temos)."""

from __future__ import annotations

import argparse

TRADUCOES = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos posicionais",
    "options": "opções",
    "show this help message and exit": "mostra esta ajuda e sai",
    "the following arguments are required: %s": "faltam os argumentos obrigatórios: %s",
    "unrecognized arguments: %s": "argumentos não reconhecidos: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "opção inválida: %(value)r (escolha entre %(choices)s)"
    ),
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "valor inválido: %(value)r",
    "expected one argument": "esperava um valor",
    "%(prog)s: error: %(message)s\n": "%(prog)s: erro: %(message)s\n",
    "not allowed with argument %s": "não pode ser usado junto com %s",
    "one of the arguments %s is required": "informe um dos argumentos %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "opção ambígua: %(option)s pode ser %(matches)s"
    ),
}


def traduzir(mensagem: str) -> str:
    return TRADUCOES.get(mensagem, mensagem)


def instalar() -> None:
    argparse._ = traduzir  # type: ignore[attr-defined]
