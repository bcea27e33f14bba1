"""A linha de comando `cotas`: arquivos entram, resultados saem, sempre em português.

Códigos de saída: 0 ok; 2 entrada inválida (nada é gravado); 1 erro interno.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import os
import sys
import traceback
from collections.abc import Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import orjson

from cotas.arquivos import limites
from cotas.arquivos.erros import ErrosDeEntrada
from cotas.cli import argparse_ptbr, extras, gerar, parametros, saida, testar
from cotas.motor.erros import ErroCotas
from cotas.motor.glossario import ArredondamentoPcd, TipoSelecao, codigos
from cotas.motor.legislacao import catalogo_padrao

argparse_ptbr.instalar()

OK, ERRO_INTERNO, ENTRADA_INVALIDA = 0, 1, 2


def _data(texto: str) -> date:
    try:
        return date.fromisoformat(texto)
    except ValueError:
        raise argparse.ArgumentTypeError(f"data inválida '{texto}' (use AAAA-MM-DD)") from None


def _decimal(texto: str) -> Decimal:
    try:
        valor = Decimal(texto.replace(",", "."))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"número inválido '{texto}'") from None
    if not valor.is_finite():  # ("nan" e "inf" são Decimal válidos, não percentuais)
        raise argparse.ArgumentTypeError(f"número inválido '{texto}'")
    return valor


def _vagas(texto: str) -> int:
    try:
        valor = int(texto)
    except ValueError:
        raise argparse.ArgumentTypeError(f"número de vagas inválido '{texto}'") from None
    if valor < 0:
        raise argparse.ArgumentTypeError("o número de vagas não pode ser negativo")
    if valor > limites.VAGAS_POR_CARGO:
        raise argparse.ArgumentTypeError(
            f"o número de vagas passa do limite de {limites.br(limites.VAGAS_POR_CARGO)} por cargo"
        )
    return valor


def _opcoes_da_lei(p: argparse.ArgumentParser) -> None:
    qual = p.add_mutually_exclusive_group(required=True)
    # Os exemplos da ajuda vêm do catálogo de leis (`cotas leis`), não do código.
    exemplo = _leis_do_pacote()[-1:]
    qual.add_argument("--lei", help="id da lei" + (f", ex.: {exemplo[0].id}" if exemplo else ""))
    qual.add_argument(
        "--municipio",
        help="município ou ente"
        + (f', ex.: "{exemplo[0].municipio}"' if exemplo else "")
        + " (com --data-edital)",
    )
    parametros.registrar_edital(qual)
    p.add_argument("--data-edital", type=_data, help="data de publicação do edital (AAAA-MM-DD)")
    p.add_argument(
        "--tipo",
        choices=codigos(TipoSelecao),
        default=TipoSelecao.CONCURSO_PUBLICO.value,
        help=f"tipo de seleção (padrão: {TipoSelecao.CONCURSO_PUBLICO.value})",
    )
    p.add_argument(
        "--vagas",
        type=_vagas,
        help="número de vagas do cargo (sem ele, só com um --edital que conta a reserva PcD no "
        "total: cada cargo do quadro de vagas do edital)",
    )
    p.add_argument("--pcd-percentual", type=_decimal, help="percentual PcD do edital, ex.: 5")
    p.add_argument(
        "--pcd-arredondamento",
        choices=codigos(ArredondamentoPcd),
        default=ArredondamentoPcd.CIMA.value,
        help="arredondamento da reserva PcD (padrão: cima)",
    )
    p.add_argument(
        "--pcd-teto", type=_decimal, default=Decimal(20), help="teto PcD, %% (padrão: 20)"
    )
    p.add_argument("--json", action="store_true", help="saída em JSON")
    parametros.registrar(p)


def construir_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cotas",
        description=(
            "Reserva de vagas em concursos públicos pelas leis de cotas (raciais e outras): "
            + "; ".join(lei.norma for lei in _leis_do_pacote() if lei.revogada_por is None)
            + "."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {_versao()}",
        help="mostra a versão do programa e sai",
    )
    parser.add_argument(
        "--leis",
        action="append",
        default=[],
        metavar="PASTA",
        help="pasta (ou arquivo) com leis de fora do pacote, além de COTAS_LEIS_EXTRAS",
    )
    sub = parser.add_subparsers(dest="comando", metavar="COMANDO", required=True)

    p = sub.add_parser("leis", help="as leis modeladas, sua vigência e seus parâmetros")
    p.add_argument("--json", action="store_true", help="saída em JSON")
    p.add_argument(
        "--conferir",
        type=Path,
        metavar="ARQUIVO",
        help="confere um arquivo de lei, de edital ou de modelo de edital e lista todos os "
        "erros dele de uma vez",
    )

    p = sub.add_parser("reserva", help="vagas reservadas de um cargo, com a conta")
    _opcoes_da_lei(p)

    p = sub.add_parser("ordem", help="as primeiras N vagas da ordem de nomeação")
    _opcoes_da_lei(p)

    p = sub.add_parser("validar", help="confere o cenário e a lista de candidatos")
    p.add_argument("cenario", type=Path, help="arquivo do cenário (TOML)")

    p = sub.add_parser("apurar", help="apura o certame inteiro: listas, reserva e nomeações")
    p.add_argument("cenario", type=Path, help="arquivo do cenário (TOML)")
    p.add_argument("--json", action="store_true", help="saída em JSON")
    p.add_argument("--saida", type=Path, help="pasta onde gravar CSV, XLSX e o relatório HTML")
    p.add_argument(
        "--sem-pdf",
        action="store_true",
        help="com --saida, não gera os PDF (em certames de dezenas de milhares de inscrições, "
        "o PDF das listas leva minutos)",
    )

    gerar.registrar(sub)
    testar.registrar(sub)
    return parser


def _leis_do_pacote() -> tuple[Any, ...]:
    """As leis do pacote, para os exemplos da ajuda; sem elas (um arquivo do pacote malformado)
    a ajuda sai sem exemplos, e o erro aparece no comando que as usa."""
    try:
        return catalogo_padrao().leis
    except ErroCotas:
        return ()


def _conferir_arquivo(arquivo: Path, pastas: Sequence[str]) -> int:
    """`cotas leis --conferir ARQUIVO`: todos os erros do arquivo (uma lei, um edital ou um
    modelo de edital), ou que ele está bom."""
    edital = extras.e_edital(arquivo)
    if edital:  # (o edital de uma lei de fora do pacote: ela entra no catálogo antes)
        for lei_ignorada in extras.carregar(pastas=pastas):
            print(f"aviso: {lei_ignorada}", file=sys.stderr)
    erros = extras.conferir(arquivo)
    if erros:
        print(f"{arquivo}: {len(erros)} erro(s):", file=sys.stderr)
        for erro in erros:
            print(f"  {erro}", file=sys.stderr)
        return ENTRADA_INVALIDA
    o_que = {"edital": "edital conferido", "modelo": "modelo de edital conferido"}.get(
        edital or "", "lei conferida"
    )
    print(f"{arquivo}: {o_que}, sem erros.")
    return OK


def _versao() -> str:
    try:
        return importlib.metadata.version("cotas")
    except importlib.metadata.PackageNotFoundError:  # (rodando do código, sem instalar)
        return "desconhecida"


def _ler_argumentos(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> Any:
    """Os argumentos; uma opção que o subcomando não conhece é recusada com o uso dele.

    (O argparse deixa as sobras de um subcomando para o parser de cima, que mostraria o uso
    geral, `cotas [-h] COMANDO ...`, em vez do uso do subcomando que a pessoa digitou.)
    """
    args, sobras = parser.parse_known_args(argv)
    if sobras:
        subcomandos = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        subcomandos.choices[args.comando].error(
            argparse_ptbr.traduzir("unrecognized arguments: %s") % " ".join(sobras)
        )
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _ler_argumentos(construir_parser(), argv)
    try:
        if args.comando == "leis" and args.conferir is not None:
            return _conferir_arquivo(args.conferir, args.leis)
        for lei_ignorada in extras.carregar(pastas=args.leis):
            print(f"aviso: {lei_ignorada}", file=sys.stderr)
        if args.comando == "testar":  # (mostra cada teste ao rodá-lo e tem os seus códigos)
            return testar.executar(args)
        resultado: Any = saida.executar(args)
    except ErrosDeEntrada as erros:
        for aviso in erros.avisos:
            print(f"aviso: {aviso}", file=sys.stderr)
        print(str(erros), file=sys.stderr)
        return ENTRADA_INVALIDA
    except ErroCotas as erro:
        print(f"erro: {erro}", file=sys.stderr)
        return ENTRADA_INVALIDA
    except BrokenPipeError:  # (`cotas testar | head`: quem lia parou; `executar_e_sair` sai quieto)
        raise
    except Exception:
        print("erro interno do cotas; por favor, relate-o com a mensagem abaixo:", file=sys.stderr)
        traceback.print_exc()
        return ERRO_INTERNO
    if getattr(args, "json", False):
        # Indentado para quem lê no terminal; compacto para programas. orjson: num certame
        # nacional (20 mil nomeações com o fundamento de cada uma) o módulo json levava ~0,07 s.
        opcoes = orjson.OPT_NON_STR_KEYS | (orjson.OPT_INDENT_2 if sys.stdout.isatty() else 0)
        dados = orjson.dumps(resultado, option=opcoes) + b"\n"
        binario = getattr(sys.stdout, "buffer", None)  # (um StringIO de quem chama main: não)
        if binario is None:
            sys.stdout.write(dados.decode())
        else:
            sys.stdout.flush()
            binario.write(dados)
    else:
        print(resultado)
    return OK


def executar_e_sair() -> None:  # pragma: no cover (é o processo inteiro; testado por subprocesso)
    """O comando `cotas`: roda `main` sem o coletor de ciclos e sai sem desmontar o interpretador.

    Desfazer um certame de um milhão de inscrições objeto a objeto (quadros, listas, o livro de
    cada cargo) custa ~0,3 s, e nada disso precisa acontecer: a saída já foi escrita e os arquivos
    gravados com `--saida` já foram movidos para o lugar. Como o mypy (`util.hard_exit`), esvazia
    os buffers e sai direto.
    """
    # Um comando dura segundos e não deixa ciclos de lixo que importem: o coletor de ciclos só
    # percorreria, de novo e de novo, os milhões de objetos vivos do certame (~0,3 s a 1 milhão
    # de inscrições). A contagem de referências continua liberando o resto.
    gc.disable()
    try:
        codigo = main()
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        # `cotas leis | head`: quem lia parou de ler. Não é erro do cotas, e não há a quem
        # mostrar nada; sai quieto, como os comandos do sistema.
        codigo = OK
    os._exit(codigo)


if __name__ == "__main__":  # pragma: no cover
    executar_e_sair()
