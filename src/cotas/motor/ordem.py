"""Ordem de nomeação: alternância e proporcionalidade, vaga a vaga.

As leis mandam que a nomeação respeite "os critérios de alternância e proporcionalidade" entre
as vagas totais e as reservadas, sem dar a fórmula (parâmetro
`ordem.alternancia_proporcionalidade`, com o artigo e as palavras de cada lei).

Leitura adotada (docs/INTERPRETACAO.md#ordem-de-nomeacao): após k nomeações o grupo g tem
direito a `devidas_g(k) = arredondamento_g(percentual_g × k)` (limitado ao teto), e a k-ésima
vaga é do grupo quando esse número sobe em k. O total corrido é também o transporte da fração
(`negros.fracao_entre_lotes`, docs/INTERPRETACAO.md#fracao-entre-lotes): a fração nunca se perde
entre lotes de vagas.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from cotas.motor.aritmetica import (
    Arredondamento,
    arredondar,
    formatar,
    formatar_percentual,
    percentual_de,
)
from cotas.motor.razoes import Razao, Referencia, contar
from cotas.motor.regras import BaseDoLimiar, FracaoEntreLotes, RegraGrupo, Regras


def ordinal(n: int) -> str:
    return f"{n}ª"


@dataclass(frozen=True)
class Lote:
    """Vagas oferecidas de uma vez: as do edital (lote 1) ou novas durante a validade."""

    numero: int
    quantidade: int
    inicio: int  # primeira vaga do lote (1-based)
    data: date | None = None
    justificativa: str = ""

    @property
    def fim(self) -> int:
        return self.inicio + self.quantidade - 1


@dataclass(frozen=True)
class Vaga:
    """Uma vaga na ordem de nomeação e a quem ela é devida (None = ampla concorrência)."""

    numero: int
    lote: int
    reservada_para: str | None
    razao: Razao


@dataclass(frozen=True)
class Devidas:
    """Quantas vagas um grupo tem direito após k nomeações, com a conta."""

    grupo: str
    k: int
    valor: int
    calculo: str
    abaixo_do_limiar: bool = False


@dataclass
class MemoriaDosPlanos:
    """O que os planos dos cargos de um certame (mesmas regras) podem partilhar.

    `primeiros_lotes`: (prioridade, quantidade) -> as vagas do primeiro lote e quantas couberam a
    cada grupo (um primeiro lote só depende disso). `devidas`: (grupo, k) -> a conta das vagas
    devidas, quando ela só depende do grupo e de k. `decisoes`: a vaga k de um primeiro lote
    pelo estado em que ela é decidida. Tudo imutável: pode ser partilhado.
    """

    primeiros_lotes: dict[tuple[tuple[str, ...], int], tuple[tuple[Vaga, ...], dict[str, int]]] = (
        field(default_factory=dict)
    )
    devidas: dict[tuple[str, int], Devidas] = field(default_factory=dict)
    # (prioridade, vagas do lote se abaixo do limiar de cada grupo, k, já destinadas a cada
    # grupo) -> a vaga k de um primeiro lote, quando não forçada pelo fim do lote.
    decisoes: dict[tuple[tuple[str, ...], tuple[int | None, ...], int, tuple[int, ...]], Vaga] = (
        field(default_factory=dict)
    )


class PlanoDeVagas:
    """A ordem das vagas de um cargo, lote a lote; cada lote termina com cada grupo quite.

    `prioridade` decide quem fica com a vaga quando dois grupos a querem ao mesmo tempo
    (questão aberta, docs/INTERPRETACAO.md#prioridade-colisao): o primeiro da tupla a recebe, o
    outro recebe a seguinte.
    """

    def __init__(
        self,
        regras: Regras,
        prioridade: Sequence[str] | None = None,
        memoria: MemoriaDosPlanos | None = None,
    ) -> None:
        self.regras = regras
        # O primeiro lote de um cargo só depende das regras, da prioridade e da quantidade: os
        # cargos de um certame com o mesmo número de vagas no edital têm o mesmo plano, e o
        # certame o guarda para todos.
        self._primeiros_lotes = memoria.primeiros_lotes if memoria is not None else None
        self._devidas = memoria.devidas if memoria is not None else None
        self._decisoes = memoria.decisoes if memoria is not None else None
        self.grupos = regras.grupos
        nomes = [g.nome for g in self.grupos]
        ordem = list(prioridade or nomes)
        ordem += [n for n in nomes if n not in ordem]
        self.prioridade = tuple(n for n in ordem if n in nomes)
        self.lotes: list[Lote] = []
        self.vagas: list[Vaga] = []
        self.atribuidas: dict[str, int] = {g.nome: 0 for g in self.grupos}
        self._por_nome = {g.nome: g for g in self.grupos}

    @property
    def ofertadas(self) -> int:
        # Os lotes são contíguos (cada um começa depois do fim do anterior): o total oferecido é
        # o fim do último, sem somar os lotes a cada vaga.
        return self.lotes[-1].fim if self.lotes else 0

    def _grupo(self, nome: str) -> RegraGrupo:
        return self._por_nome[nome]

    def devidas(self, grupo: RegraGrupo, k: int) -> Devidas:
        """Vagas devidas ao grupo após k nomeações (considerando os lotes já oferecidos)."""
        ultimo = self.lotes[-1]
        if ultimo.inicio <= k <= ultimo.fim:  # o caso de quase toda consulta: a vaga nova
            lote, ofertadas = ultimo, self.ofertadas
        else:
            lote = next((lt for lt in self.lotes if lt.inicio <= k <= lt.fim), ultimo)
            ofertadas = sum(lt.quantidade for lt in self.lotes if lt.numero <= lote.numero)
        base = (
            self.lotes[0].quantidade if grupo.base_do_limiar is BaseDoLimiar.EDITAL else ofertadas
        )
        # Acima do limiar, no total acumulado (ou no primeiro lote), a conta só depende do grupo
        # e de k: é a mesma em todos os cargos, e o certame a guarda para todos.
        memoria = self._devidas
        chave = None
        if base >= grupo.limiar and (
            lote.numero == 1 or grupo.fracao_entre_lotes is FracaoEntreLotes.TOTAL_ACUMULADO
        ):
            chave = (grupo.nome, k)
            if memoria is not None and (achada := memoria.get(chave)) is not None:
                return achada
        calculada = self._calcular_devidas(grupo, k, lote, base)
        if memoria is not None and chave is not None:
            memoria[chave] = calculada
        return calculada

    def _calcular_devidas(self, grupo: RegraGrupo, k: int, lote: Lote, base: int) -> Devidas:
        if base < grupo.limiar:
            return Devidas(
                grupo.nome,
                k,
                0,
                f"{base} vagas oferecidas, menos que o mínimo de {grupo.limiar}: sem reserva",
                abaixo_do_limiar=True,
            )
        if grupo.fracao_entre_lotes is FracaoEntreLotes.POR_LOTE:
            anteriores = sum(
                self._no_intervalo(grupo, lt.quantidade)[0]
                for lt in self.lotes
                if lt.numero < lote.numero
            )
            valor, conta = self._no_intervalo(grupo, k - lote.inicio + 1)
            if anteriores:
                conta = f"{anteriores} dos lotes anteriores + {conta}"
            return Devidas(grupo.nome, k, anteriores + valor, conta)
        valor, conta = self._no_intervalo(grupo, k)
        return Devidas(grupo.nome, k, valor, conta)

    @staticmethod
    def _no_intervalo(grupo: RegraGrupo, k: int) -> tuple[int, str]:
        p, t = grupo.percentual, grupo.teto
        # Chave de inteiros: o hash de Fraction é caro demais para uma consulta por vaga.
        return _no_intervalo(
            p.numerator,
            p.denominator,
            grupo.arredondamento,
            None if t is None else (t.numerator, t.denominator),
            k,
        )

    def acrescentar_lote(
        self, quantidade: int, data: date | None = None, justificativa: str = ""
    ) -> list[Vaga]:
        """Oferece `quantidade` vagas e decide, vaga a vaga, a quem cada uma é devida."""
        if quantidade <= 0:
            raise ValueError("a quantidade de vagas de um lote deve ser positiva")
        lote = Lote(len(self.lotes) + 1, quantidade, self.ofertadas + 1, data, justificativa)
        memoria = self._primeiros_lotes if not self.lotes else None
        chave = (self.prioridade, quantidade)
        if memoria is not None and chave in memoria:
            vagas, atribuidas = memoria[chave]
            self.lotes.append(lote)
            self.vagas.extend(vagas)
            self.atribuidas = dict(atribuidas)
            return list(vagas)
        self.lotes.append(lote)
        alvo = {g.nome: self.devidas(g, lote.fim).valor for g in self.grupos}
        # No primeiro lote, a decisão da vaga k só depende do que já foi destinado a cada grupo
        # e de quais grupos ficam abaixo do limiar: é a mesma em todos os cargos, salvo quando o
        # fim do lote força a reserva (o que é conferido a cada vaga, pois depende do tamanho).
        decisoes = self._decisoes if memoria is not None else None
        # (Abaixo do limiar, a conta cita o número de vagas oferecidas: entra na chave.)
        abaixo = tuple(quantidade if quantidade < g.limiar else None for g in self.grupos)
        novas: list[Vaga] = []
        for k in range(lote.inicio, lote.fim + 1):
            vaga: Vaga | None = None
            if decisoes is not None:
                estado = (self.prioridade, abaixo, k, tuple(self.atribuidas.values()))
                vaga = decisoes.get(estado)
                if vaga is not None and vaga.reservada_para is None:
                    pendentes = sum(alvo[n] - self.atribuidas[n] for n in self.prioridade)
                    if pendentes >= lote.fim - k + 1:
                        vaga = None  # o fim do lote força a reserva: decide-se de novo
            if vaga is None:
                vaga, forcada = self._decidir(k, lote, alvo)
                if decisoes is not None and not forcada:
                    decisoes[estado] = vaga
            if vaga.reservada_para is not None:
                self.atribuidas[vaga.reservada_para] += 1
            novas.append(vaga)
        self.vagas.extend(novas)
        if memoria is not None:
            memoria[chave] = (tuple(novas), dict(self.atribuidas))
        return novas

    def _decidir(self, k: int, lote: Lote, alvo: dict[str, int]) -> tuple[Vaga, bool]:
        """A vaga k e se foi o fim do lote que a forçou."""
        devidas = {g.nome: self.devidas(g, k) for g in self.grupos}
        em_falta = [n for n in self.prioridade if devidas[n].valor > self.atribuidas[n]]
        pendentes_no_lote = sum(alvo[n] - self.atribuidas[n] for n in self.prioridade)
        restantes = lote.fim - k + 1
        forcado = False
        if not em_falta and pendentes_no_lote >= restantes:
            # O lote precisa terminar com cada grupo recebendo exatamente o que lhe é devido.
            em_falta = [n for n in self.prioridade if alvo[n] > self.atribuidas[n]]
            forcado = True
        if em_falta:
            nome = em_falta[0]
            razao = self._razao_reservada(k, nome, devidas, em_falta, forcado)
            return Vaga(k, lote.numero, nome, razao), forcado
        return Vaga(k, lote.numero, None, self._razao_ampla(k, devidas)), forcado

    def _razao_reservada(
        self, k: int, nome: str, devidas: dict[str, Devidas], em_falta: list[str], forcado: bool
    ) -> Razao:
        grupo = self._grupo(nome)
        d = devidas[nome]
        ja = self.atribuidas[nome]
        texto = (
            f"A {ordinal(k)} nomeação é reservada a {grupo.rotulo}: após "
            f"{contar(k, 'nomeação', 'nomeações')}, a reserva devida é de "
            f"{contar(d.valor, 'vaga', 'vagas')} ({d.calculo}) e "
            f"{contar(ja, 'havia sido destinada', 'haviam sido destinadas')} antes; a "
            "alternância e a proporcionalidade põem a reserva aqui."
        )
        if forcado:
            texto = (
                f"A {ordinal(k)} nomeação é reservada a {grupo.rotulo}: o lote de vagas termina "
                "e cada grupo deve recebê-lo com exatamente o que lhe é devido; "
                f"{contar(ja, 'vaga havia sido destinada', 'vagas haviam sido destinadas')} antes."
            )
        adiados = [n for n in em_falta[1:] if devidas[n].valor > self.atribuidas[n]]
        if adiados:
            texto += (
                f" A vaga também era devida a {', '.join(self._grupo(n).rotulo for n in adiados)}, "
                "que a recebe(m) na próxima vaga (parâmetro prioridade_colisao: "
                f"{' > '.join(self.prioridade)})."
            )
        fundamentos: list[Referencia] = [
            *grupo.ref("percentual"),
            *grupo.ref("arredondamento"),
            *grupo.ref("teto"),
            *self.regras.ref("alternancia"),
        ]
        # A reserva só existe porque as vagas oferecidas chegaram ao mínimo da lei: a vaga
        # reservada cita o artigo dele (o da base do mínimo: o edital ou o total oferecido).
        fundamentos += grupo.ref("limiar")
        if len(self.lotes) > 1:
            fundamentos += grupo.ref("fracao_entre_lotes")
        return Razao(
            "vaga_reservada",
            texto,
            tuple(fundamentos),
            (("grupo", nome), ("k", str(k)), ("devidas", str(d.valor)), ("ja_destinadas", str(ja))),
            d.calculo,
        )

    def _razao_ampla(self, k: int, devidas: dict[str, Devidas]) -> Razao:
        partes = [f"{self._grupo(n).rotulo}: {devidas[n].calculo}" for n in self.prioridade]
        if partes:
            texto = (
                f"A {ordinal(k)} nomeação é de ampla concorrência: após "
                f"{contar(k, 'nomeação', 'nomeações')}, as reservas devidas já estão atendidas"
                f" ({'; '.join(partes)})."
            )
        else:
            texto = f"A {ordinal(k)} nomeação é de ampla concorrência."
        fundamentos: list[Referencia] = [*self.regras.ref("alternancia")]
        for g in self.grupos:
            fundamentos += g.ref("limiar") if devidas[g.nome].abaixo_do_limiar else ()
        return Razao(
            "vaga_ampla",
            texto,
            tuple(fundamentos),
            (("k", str(k)),),
            "; ".join(partes),
        )


def ordem_de_nomeacao(
    regras: Regras, lotes: Sequence[int], prioridade: Sequence[str] | None = None
) -> list[Vaga]:
    """As vagas de um cargo com os lotes dados (ex.: [10] ou [10, 3, 2])."""
    plano = PlanoDeVagas(regras, prioridade)
    for quantidade in lotes:
        plano.acrescentar_lote(quantidade)
    return plano.vagas


# A conta "percentual × k → arredondado (e o teto)" só depende do grupo e de k, e se repete em
# cada vaga de cada cargo (e de novo quando a reserva é mostrada): em certames com milhares de
# cargos e vagas, guardá-la evita refazer a mesma aritmética exata e o mesmo texto.
@functools.lru_cache(maxsize=65536)
def _no_intervalo(
    numerador: int,
    denominador: int,
    arredondamento: Arredondamento,
    teto_fracao: tuple[int, int] | None,
    k: int,
) -> tuple[int, str]:
    percentual = Fraction(numerador, denominador)
    teto = None if teto_fracao is None else Fraction(*teto_fracao)
    bruto = percentual_de(percentual, k)
    valor = arredondar(bruto, arredondamento)
    descricao = formatar_percentual(percentual)
    conta = (
        f"{descricao} × {k} = {formatar(bruto)} → {valor}"
        if bruto.denominator != 1
        else f"{descricao} × {k} = {valor}"
    )
    if teto is not None:
        limite = math.floor(percentual_de(teto, k))
        if limite < valor:
            conta += (
                f", limitado ao teto de {formatar(teto)}% × {k} = "
                f"{formatar(percentual_de(teto, k))} → {limite}"
            )
            valor = limite
    return valor, conta
