"""Leitura de `[reserva_pcd_no_total]` do edital (docs/EDITAIS.md#pcd-no-total): a reserva PcD
contada no total das vagas do edital e colocada nos cargos, como o edital lista ou por uma regra
declarada. Cada erro com a linha e a coluna e o item do edital; o que o edital não pode dizer
(menos vagas PcD do que a conta, um cargo fora do quadro, uma colocação que não soma) é a mesma
conferência do motor (`cotas.motor.pcd_no_total.ReservaPcdNoTotal.problemas`)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

from cotas.motor.glossario import ArredondamentoPcd, codigos
from cotas.motor.pcd_no_total import REGRAS_DE_COLOCACAO, ReservaPcdNoTotal
from cotas.motor.razoes import Referencia
from cotas.motor.regras import ParametrosPcd

if TYPE_CHECKING:
    from cotas.arquivos.edital import _Arquivo

SECAO = "reserva_pcd_no_total"
CHAVES = (
    *("percentual", "arredondamento", "teto", "vagas", "reservadas"),
    *("colocacao", "item", "texto"),
)
CHAVES_COLOCACAO = ("cargos", "regra", "item", "texto")


def ler_pcd_no_total(arquivo: _Arquivo, norma: str) -> ReservaPcdNoTotal | None:
    """A reserva PcD no total do edital, se o arquivo a diz (`norma`: "Edital nº 93/2026")."""
    tabela = arquivo.dados.get(SECAO)
    if tabela is None:
        return None
    if not isinstance(tabela, dict):
        arquivo.erro(SECAO, f"deve ser a tabela [{SECAO}]")
        return None
    _desconhecidas(arquivo, tabela, SECAO, CHAVES)
    parametros = _parametros(arquivo, tabela)
    vagas = _por_cargo(arquivo, tabela, f"{SECAO}.vagas", "o quadro de vagas do edital")
    reservadas = tabela.get("reservadas")
    if reservadas is not None and not _inteiro(reservadas):
        arquivo.erro(f"{SECAO}.reservadas", "um número inteiro, sem aspas (as vagas PcD do edital)")
        reservadas = None
    referencia = _referencia(arquivo, tabela, SECAO, norma)
    colocacao = _colocacao(arquivo, tabela.get("colocacao"), norma)
    if None in (parametros, vagas, referencia, colocacao):
        return None
    assert parametros and vagas is not None and referencia and colocacao
    citacao, listada, regra = colocacao
    reserva = ReservaPcdNoTotal(
        referencia, parametros, vagas, citacao, listada, regra, _ou_nada(reservadas)
    )
    for chave, mensagem in reserva.problemas():
        arquivo.erro(f"{SECAO}.{chave}", mensagem)
    return reserva


def _parametros(arquivo: _Arquivo, tabela: Mapping[str, object]) -> ParametrosPcd | None:
    """O percentual (obrigatório), o arredondamento e o teto, como os de `[pcd]` do cenário."""
    padrao = ParametrosPcd()
    percentual = _percentual(arquivo, tabela, "percentual", None)
    teto = _percentual(arquivo, tabela, "teto", padrao.teto)
    arredondamento = tabela.get("arredondamento", padrao.arredondamento)
    if arredondamento not in codigos(ArredondamentoPcd):
        arquivo.erro(
            f"{SECAO}.arredondamento",
            f"um de {', '.join(codigos(ArredondamentoPcd))}, entre aspas",
        )
        return None
    if percentual is None or teto is None:
        return None
    if percentual > teto:
        arquivo.erro(f"{SECAO}.percentual", f"o percentual ({percentual}) passa do teto ({teto})")
        return None
    return ParametrosPcd(percentual=percentual, arredondamento=str(arredondamento), teto=teto)


def _percentual(
    arquivo: _Arquivo, tabela: Mapping[str, object], chave: str, padrao: Decimal | None
) -> Decimal | None:
    valor = tabela.get(chave)
    if valor is None and padrao is not None:
        return padrao
    if isinstance(valor, bool) or not isinstance(valor, (int, Decimal)) or not 0 < valor <= 100:
        falta = "falta esta chave obrigatória:" if valor is None else "deve ser"
        arquivo.erro(f"{SECAO}.{chave}", f"{falta} um percentual entre 0 e 100, sem aspas (ex.: 5)")
        return None
    return Decimal(valor)


def _por_cargo(
    arquivo: _Arquivo, tabela: Mapping[str, object], chave: str, o_que: str
) -> dict[str, int] | None:
    """Cargo → número, na ordem do arquivo (a ordem do quadro do edital conta no empate)."""
    bruto = tabela.get(chave.rsplit(".", 1)[1])
    if not isinstance(bruto, dict) or not bruto:
        arquivo.erro(chave, f"{o_que}: cada cargo com o número, como {{ ADM = 6, TEC = 3 }}")
        return None
    ruins = [c for c, n in bruto.items() if not _inteiro(n)]
    if ruins:
        arquivo.erro(
            chave, f"{', '.join(repr(c) for c in ruins)}: um número inteiro, sem aspas ({o_que})"
        )
        return None
    return {str(c): int(n) for c, n in bruto.items()}


def _colocacao(
    arquivo: _Arquivo, bruto: object, norma: str
) -> tuple[Referencia, dict[str, int] | None, str | None] | None:
    """`[reserva_pcd_no_total.colocacao]`: os cargos (cargo → vagas PcD) ou a regra, com o item
    e as palavras do edital que a dizem."""
    base = f"{SECAO}.colocacao"
    if not isinstance(bruto, dict):
        arquivo.erro(
            base,
            f"falta a tabela [{base}]: em que cargos ficam as vagas PcD (cargos = {{ ADM = 1 }} "
            f'ou regra = "{next(iter(REGRAS_DE_COLOCACAO))}"), com o item e o texto do edital',
        )
        return None
    _desconhecidas(arquivo, bruto, base, CHAVES_COLOCACAO)
    referencia = _referencia(arquivo, bruto, base, norma)
    regra = bruto.get("regra")
    listada = None
    if ("cargos" in bruto) == ("regra" in bruto):
        arquivo.erro(base, "diga os cargos (cargos = { ADM = 1 }) ou a regra, um dos dois")
        return None
    if "cargos" in bruto:
        listada = _por_cargo(arquivo, bruto, f"{base}.cargos", "as vagas PcD de cada cargo")
        if listada is None:
            return None
    elif regra not in REGRAS_DE_COLOCACAO:
        arquivo.erro(
            f"{base}.regra",
            "a regra da colocação: "
            + "; ".join(f'"{r}" ({d})' for r, d in REGRAS_DE_COLOCACAO.items()),
        )
        return None
    if referencia is None:
        return None
    return referencia, listada, None if regra is None else str(regra)


def _referencia(
    arquivo: _Arquivo, tabela: Mapping[str, object], base: str, norma: str
) -> Referencia | None:
    textos: dict[str, str] = {}
    for chave in ("item", "texto"):
        valor = tabela.get(chave)
        if not isinstance(valor, str) or not valor.strip():
            arquivo.erro(
                f"{base}.{chave}",
                "falta esta chave obrigatória (um texto)"
                if valor is None
                else "deve ser um texto entre aspas, não vazio",
            )
            continue
        textos[chave] = " ".join(valor.split())
    if len(textos) < 2:
        return None
    return Referencia(norma, textos["item"], textos["texto"])


def _desconhecidas(
    arquivo: _Arquivo, tabela: Mapping[str, object], base: str, aceitas: tuple[str, ...]
) -> None:
    for chave in tabela:
        if chave not in aceitas:
            arquivo.erro(
                f"{base}.{chave}",
                f"chave desconhecida '{chave}' (as chaves aceitas aqui são {', '.join(aceitas)})",
            )


def _inteiro(valor: object) -> bool:
    return isinstance(valor, int) and not isinstance(valor, bool) and valor >= 0


def _ou_nada(valor: object) -> int | None:
    return valor if isinstance(valor, int) else None
