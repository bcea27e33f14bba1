"""`cotas gerar-exemplo`: um cenário sintético de qualquer tamanho (ver `cotas.geracao`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cotas.arquivos.erros import motivo_do_sistema
from cotas.motor.erros import ErroCotas


def _positivo(texto: str) -> int:
    try:
        valor = int(texto)
    except ValueError:
        raise argparse.ArgumentTypeError(f"número inteiro inválido '{texto}'") from None
    if valor < 1:
        raise argparse.ArgumentTypeError("o número deve ser maior que zero")
    return valor


def registrar(sub: Any) -> None:
    """Acrescenta o subcomando ao parser de `cotas`."""
    p = sub.add_parser(
        "gerar-exemplo",
        help="gera um cenário sintético (cenario.toml e candidatos.csv) para ensaios e medições",
    )
    p.add_argument("--candidatos", type=_positivo, required=True, help="número de inscrições")
    p.add_argument("--cargos", type=_positivo, required=True, help="número de cargos")
    p.add_argument("--semente", type=int, default=1, help="semente do sorteio (padrão: 1)")
    p.add_argument("--saida", type=Path, required=True, help="pasta onde gravar os arquivos")


def gerar(args: argparse.Namespace) -> str:
    from cotas.geracao import gerar_exemplo  # (só este comando a usa: não pesa no início)

    try:
        r = gerar_exemplo(
            args.saida, candidatos=args.candidatos, cargos=args.cargos, semente=args.semente
        )
    except ValueError as erro:
        raise ErroCotas(str(erro)) from None
    except OSError as erro:
        raise ErroCotas(
            f"não foi possível gravar em {args.saida} ({motivo_do_sistema(erro)})"
        ) from None
    return (
        f"Cenário sintético gravado: {r.inscritos} inscrições em {r.cargos} cargo(s), "
        f"{r.vagas} vaga(s) do edital e {r.eventos} evento(s).\n"
        f"  {r.cenario}\n  {r.candidatos}"
    )
