"""Os valores que a lei deixa em aberto, para `cotas reserva` e `cotas ordem`: `--edital
arquivo.toml` (o edital e o modelo que ele segue, docs/EDITAIS.md), `--parametro chave=valor`
(repetível) e `--cenario arquivo.toml` (a seção `[parametros_lei]`). O que o operador informa
substitui o valor do edital, com a justificativa dele, e a saída diz que substituiu.

Só se pedem os parâmetros que a conta usa (`regras.parametros_da_contagem`): quem quer saber a
reserva de um cargo sob uma lei de que se conhece só o percentual informa o mínimo de vagas e o
arredondamento, não a comissão nem a abrangência.
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Mapping
from datetime import date
from pathlib import Path

from cotas.arquivos.cenario import ler_parametros_lei
from cotas.motor.edital import Edital, informados_do_edital, sobrepor
from cotas.motor.erros import ErroCotas, ParametrosDesconhecidos
from cotas.motor.legislacao import Especificacao, Lei, catalogo_padrao, especificacao_de

JUSTIFICATIVA_DA_LINHA_DE_COMANDO = "informado com --parametro na linha de comando"


def registrar(p: argparse.ArgumentParser) -> None:
    """As opções dos valores em aberto num subcomando."""
    p.add_argument(
        "--parametro",
        action="append",
        type=_parametro,
        default=[],
        metavar="CHAVE=VALOR",
        help="valor de um parâmetro que a lei deixa em aberto (repetível), ex.: "
        f"--parametro {_exemplo()}",
    )
    p.add_argument(
        "--cenario",
        type=Path,
        help="cenário (TOML) de onde ler os valores em aberto, na seção [parametros_lei]",
    )


def registrar_edital(qual: argparse._MutuallyExclusiveGroup) -> None:
    """`--edital ARQUIVO`, no grupo que diz a lei (o edital nomeia a sua)."""
    qual.add_argument(
        "--edital",
        type=Path,
        metavar="ARQUIVO",
        help="arquivo do edital (TOML, docs/EDITAIS.md): a lei, a data e os valores que ela "
        "deixa em aberto, cada um com o item do edital",
    )


def _exemplo() -> str:
    """Um exemplo com um grupo de verdade, do catálogo de leis (o código não nomeia grupos)."""
    grupos = [g.nome for lei in catalogo_padrao().leis for g in lei.grupos]
    return f"{grupos[0] if grupos else '<grupo>'}.limiar_vagas=3"


def _parametro(texto: str) -> tuple[str, object]:
    chave, igual, bruto = texto.partition("=")
    if not igual or not chave.strip() or not bruto.strip():
        raise argparse.ArgumentTypeError(
            f"parâmetro '{texto}' inválido (use chave=valor, ex.: {_exemplo()})"
        )
    return chave.strip(), _valor(bruto.strip())


def _valor(bruto: str) -> object:
    """O valor como em TOML (3, true, "texto", ["a", "b"]); sem aspas, um texto; com vírgulas,
    uma lista de textos (`preta,parda`)."""
    try:
        return tomllib.loads(f"v = {bruto}")["v"]
    except tomllib.TOMLDecodeError:
        pass
    if "," in bruto:
        return [item.strip() for item in bruto.split(",")]
    return bruto


def informados(
    args: argparse.Namespace, lei: Lei | None = None, edital: Edital | None = None
) -> dict[str, object]:
    """Os valores do edital (citados como dele) e, por cima, os do operador, do cenário e da
    linha de comando: o do operador que substitui o do edital leva na justificativa o valor e o
    item que substituiu. Um mesmo parâmetro informado duas vezes pelo operador é recusado
    (nenhum dos dois vale em silêncio)."""
    do_edital = informados_do_edital(lei, edital) if lei is not None and edital else {}
    return sobrepor(do_edital, _do_operador(args))


def substituidos(informados: Mapping[str, object]) -> list[str]:
    """Os avisos dos valores do edital que o operador substituiu, um por parâmetro."""
    return [
        f"{nome} = {_como_toml(d.get('valor'))} informado pelo operador substitui o valor do "
        f"{d['substitui']}"
        for nome, d in informados.items()
        if isinstance(d, Mapping) and "substitui" in d
    ]


def _do_operador(args: argparse.Namespace) -> dict[str, object]:
    valores: dict[str, object] = {}
    if args.cenario is not None:
        valores.update(ler_parametros_lei(args.cenario))
    vistos: set[str] = set()
    repetidos: list[str] = []
    for chave, valor in args.parametro:
        if chave in vistos or chave in valores:
            repetidos.append(chave)
        vistos.add(chave)
        valores[chave] = {"valor": valor, "justificativa": JUSTIFICATIVA_DA_LINHA_DE_COMANDO}
    if repetidos:
        raise ErroCotas(
            f"Parâmetro informado duas vezes (no cenário ou em --parametro): "
            f"{', '.join(sorted(set(repetidos)))}; informe cada um uma vez só."
        )
    return valores


def como_texto(informado: object) -> str:
    """ "3 (justificativa)": o valor informado como o operador o escreveu em TOML."""
    if not isinstance(informado, Mapping):
        return str(informado)
    valor = informado.get("valor")
    texto = _como_toml(valor)
    justificativa = informado.get("justificativa")
    return f"{texto} ({justificativa})" if justificativa else texto


def _como_toml(valor: object) -> str:
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, str):
        return f'"{valor}"'
    if isinstance(valor, list | tuple):
        return "[" + ", ".join(_como_toml(v) for v in valor) + "]"
    return str(valor)


def em_aberto_nao_usados(
    lei: Lei, usados: frozenset[str], dados: Mapping[str, object], dia: date
) -> list[str]:
    """Os parâmetros que a lei deixa em aberto para um edital de `dia`, ninguém informou e a
    conta não usa: o que a saída diz não ter conferido (a abrangência, por exemplo)."""
    return [n for n in lei.desconhecidos(dia) if n not in usados and n not in dados]


def erro_de_faltantes(erro: ParametrosDesconhecidos, lei: Lei) -> ErroCotas:
    """Cada parâmetro que falta, com a descrição, os valores aceitos e como informá-lo."""
    um = len(erro.nomes) == 1
    linhas = [
        f"A lei {erro.lei} não define {'o parâmetro' if um else 'os parâmetros'} que esta conta "
        f"usa; {'informe-o' if um else 'informe cada um'}:"
    ]
    for nome in erro.nomes:
        espec = especificacao_de(nome, [g.nome for g in lei.grupos])
        descricao = f"  ({espec.descricao}; {_aceitos(espec)})" if espec else ""
        linhas.append(f"  --parametro {nome}=VALOR{descricao}")
    linhas.append(
        "ou, com a justificativa de cada um, na seção [parametros_lei] de um cenário: "
        "--cenario arquivo.toml."
    )
    linhas.append(
        "ou, com o item do edital que diz cada um, num arquivo de edital: --edital "
        "edital.toml (docs/EDITAIS.md)."
    )
    return ErroCotas("\n".join(linhas))


class _Nenhum:
    def __str__(self) -> str:
        return "?"


def _aceitos(espec: Especificacao) -> str:
    """Os valores aceitos, com as palavras do próprio validador do parâmetro."""
    if espec.valores_suportados:
        return "o motor implementa só " + " ou ".join(
            _como_toml(v) for v in espec.valores_suportados
        )
    try:
        espec.validar(_Nenhum())
    except ValueError as motivo:
        return str(motivo)
    return "qualquer valor"  # pragma: no cover (todo validador recusa um objeto qualquer)
