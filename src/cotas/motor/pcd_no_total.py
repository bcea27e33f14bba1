"""A reserva PcD no total do edital: contada sobre o total das vagas do edital e colocada nos
cargos (docs/EDITAIS.md#pcd-no-total, docs/INTERPRETACAO.md#pcd-no-total).

Há editais que não contam a reserva a pessoas com deficiência cargo a cargo: contam-na sobre
todas as vagas que oferecem (5% de 11 vagas em 3 cargos: 0,55 → 1) e dizem em que cargo fica
cada vaga PcD — listando-as (cargo → quantas) ou por uma regra declarada (`MAIS_VAGAS`). A
reserva racial continua por cargo, como a lei manda. Aqui, a conta no total, a colocação e o que
o edital não pode dizer (`problemas`: o leitor do arquivo e o motor usam a mesma conferência).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from cotas.motor.aritmetica import fracao, percentual_de
from cotas.motor.erros import LeiInvalida
from cotas.motor.ordem import PlanoDeVagas
from cotas.motor.razoes import Referencia, contar
from cotas.motor.regras import PCD, ParametrosPcd, RegraGrupo, Regras, regra_pcd

# As vagas PcD vão, uma a uma, aos cargos na ordem das mais vagas no edital (no empate, a ordem
# em que o edital os lista), uma a cada cargo por volta; nenhum recebe mais do que as suas vagas.
MAIS_VAGAS = "mais_vagas"
REGRAS_DE_COLOCACAO = {
    MAIS_VAGAS: "uma a cada cargo, dos de mais vagas aos de menos (no empate, na ordem do "
    "quadro do edital), em voltas até acabarem",
}


@dataclass(frozen=True)
class ReservaPcdNoTotal:
    """A reserva PcD contada no total do edital. `vagas`: o quadro de vagas do edital (cargo →
    vagas, na ordem dele); `listada`: cargo → vagas PcD, como o edital as coloca (None: pela
    `regra`); `reservadas`: o total de vagas PcD que o edital publica (None: a conta)."""

    referencia: Referencia  # o item que manda contar no total
    parametros: ParametrosPcd
    vagas: Mapping[str, int]
    colocacao: Referencia  # o item que diz em que cargos ficam
    listada: Mapping[str, int] | None = None
    regra: str | None = None
    reservadas: int | None = None

    @property
    def total(self) -> int:
        return sum(self.vagas.values())

    @functools.cached_property
    def grupo(self) -> RegraGrupo:
        """A regra do grupo PcD com o percentual, o arredondamento e o teto do edital."""
        return regra_pcd(self.parametros)

    def conta(self) -> tuple[int, str]:
        """As vagas PcD no total do edital e a conta ("5% × 11 = 0,55 → 1")."""
        return PlanoDeVagas._no_intervalo(self.grupo, self.total)

    @property
    def numero(self) -> int:
        """As vagas PcD do edital: as que ele publica, ou a conta."""
        return self.conta()[0] if self.reservadas is None else self.reservadas

    @functools.cached_property
    def colocadas(self) -> Mapping[str, int]:
        """Cargo → vagas PcD colocadas nele (0 nos demais cargos do quadro)."""
        if self.listada is not None:
            return {c: self.listada.get(c, 0) for c in self.vagas}
        return _mais_vagas(self.vagas, self.numero)

    def descricao(self) -> str:
        """A conta e a colocação numa frase, com os itens do edital."""
        conta = self.conta()[1]
        publicadas = (
            ""
            if self.reservadas is None or self.reservadas == self.conta()[0]
            else f"; o edital reserva {contar(self.reservadas, 'vaga', 'vagas')}"
        )
        onde = ", ".join(f"{c}: {n}" for c, n in self.colocadas.items() if n)
        como = (
            ""
            if self.regra is None
            else f", pela regra do edital ({REGRAS_DE_COLOCACAO[self.regra]})"
        )
        return (
            f"Reserva a pessoas com deficiência no total das {self.total} vagas do edital: "
            f"{conta}{publicadas} ({self.referencia.citacao()}); colocadas nos cargos "
            f"{onde or 'nenhum'}{como} ({self.colocacao.citacao()})."
        )

    def problemas(self) -> list[tuple[str, str]]:
        """O que o edital não pode dizer, cada um com a chave do arquivo (`reservadas`,
        `colocacao.cargos`) e a mensagem com o item: menos vagas PcD do que a conta (ou mais do
        que o teto), um cargo fora do quadro, mais vagas PcD num cargo do que ele tem, uma
        colocação que não soma o total."""
        saida: list[tuple[str, str]] = []
        valor, conta = self.conta()
        cita = self.referencia.citacao()
        if self.reservadas is not None and self.reservadas < valor:
            saida.append(
                (
                    "reservadas",
                    f"{cita}: {contar(self.reservadas, 'vaga PcD', 'vagas PcD')} no total de "
                    f"{self.total}; a conta no total dá {contar(valor, 'vaga', 'vagas')} "
                    f"({conta}): o edital pode reservar mais, nunca menos",
                )
            )
        teto = math.floor(percentual_de(fracao(self.parametros.teto), self.total))
        if self.reservadas is not None and self.reservadas > teto:
            saida.append(
                (
                    "reservadas",
                    f"{cita}: {contar(self.reservadas, 'vaga PcD', 'vagas PcD')} passam do teto "
                    f"de {self.parametros.teto}% das {self.total} vagas do edital ({teto})",
                )
            )
        if self.listada is not None:
            saida += self._problemas_da_lista(self.listada)
        return saida

    def _problemas_da_lista(self, listada: Mapping[str, int]) -> list[tuple[str, str]]:
        cita = self.colocacao.citacao()
        saida: list[tuple[str, str]] = []
        for cargo, n in listada.items():
            if cargo not in self.vagas:
                saida.append(
                    (
                        "colocacao.cargos",
                        f"{cita}: o cargo '{cargo}' não está no quadro de vagas do edital "
                        f"({', '.join(self.vagas)})",
                    )
                )
            elif n > self.vagas[cargo]:
                saida.append(
                    (
                        "colocacao.cargos",
                        f"{cita}: {contar(n, 'vaga PcD', 'vagas PcD')} no cargo '{cargo}', que "
                        f"tem {contar(self.vagas[cargo], 'vaga', 'vagas')} no edital",
                    )
                )
        soma = sum(listada.values())
        if soma != self.numero:
            de_onde = (
                f"a conta no total ({self.conta()[1]})"
                if self.reservadas is None
                else "as que o edital reserva"
            )
            saida.append(
                (
                    "colocacao.cargos",
                    f"{cita}: a colocação soma {contar(soma, 'vaga PcD', 'vagas PcD')}; "
                    f"{de_onde}: {contar(self.numero, 'vaga', 'vagas')}",
                )
            )
        return saida

    def conferir_quadro(self, cargos: Mapping[str, int]) -> list[str]:
        """Cada cargo do certame está no quadro de vagas do edital, com as mesmas vagas. (Um
        cargo do quadro fora do certame não muda a conta, que é a do quadro: quem reencena um
        cargo só monta um certame só com ele.)"""
        cita = self.referencia.citacao()
        saida: list[str] = []
        for cargo, n in cargos.items():
            if cargo not in self.vagas:
                saida.append(
                    f"{cita}: o cargo '{cargo}' do certame não está no quadro de vagas do edital "
                    f"({', '.join(self.vagas)}), sobre o qual se conta a reserva PcD"
                )
            elif n != self.vagas[cargo]:
                saida.append(
                    f"{cita}: o cargo '{cargo}' tem {contar(n, 'vaga', 'vagas')} no certame e "
                    f"{contar(self.vagas[cargo], 'vaga', 'vagas')} no quadro do edital"
                )
        return saida


def conferir_quadro_do_edital(regras: Regras, cargos: Mapping[str, int]) -> None:
    """`LeiInvalida` se um cargo do certame não está no quadro de vagas sobre o qual o edital
    conta a reserva PcD, ou está com outras vagas."""
    grupo = regras.grupo(PCD)
    if grupo is None or grupo.no_total is None:
        return
    problemas = grupo.no_total.conferir_quadro(cargos)
    if problemas:
        raise LeiInvalida(
            "Reserva PcD no total do edital que o certame não admite: " + "; ".join(problemas)
        )


def _mais_vagas(vagas: Mapping[str, int], numero: int) -> dict[str, int]:
    """`MAIS_VAGAS`: uma vaga PcD a cada cargo por volta, na ordem das mais vagas (estável: no
    empate, a do quadro), pulando o cargo que já tem tantas vagas PcD quantas vagas."""
    ordem = sorted(vagas, key=lambda c: -vagas[c])
    saida = dict.fromkeys(vagas, 0)
    restantes = min(numero, sum(vagas.values()))
    while restantes:
        for cargo in ordem:
            if restantes and saida[cargo] < vagas[cargo]:
                saida[cargo] += 1
                restantes -= 1
    return saida
