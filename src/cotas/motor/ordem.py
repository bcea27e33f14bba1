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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from cotas.motor.aritmetica import (
    Arredondamento,
    arredondar,
    formatar,
    formatar_percentual,
    percentual_de,
)
from cotas.motor.erros import LeiInvalida, ReservaAbaixoDaLei
from cotas.motor.razoes import Razao, Referencia, citacoes, contar
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
        fixadas: Mapping[int, tuple[str, Razao]] | None = None,
        cargo: str | None = None,
    ) -> None:
        self.regras = regras
        # O cargo: a reserva PcD que o edital conta no total e coloca nos cargos depende dele.
        self.cargo = cargo
        # A ordem que o edital publica (a tabela de posições, uma a cada N vagas) e as posições
        # que um sorteio fixou neste cargo (`fixadas`: posição -> lista e a razão do sorteio).
        do_edital = regras.do_edital
        self._ordem = do_edital.ordem if do_edital is not None else None
        self.fixadas = dict(fixadas or {})
        self.grupos = regras.grupos_do_plano
        if (
            self._ordem is not None
            or self.fixadas
            or any(g.divisao or g.no_total is not None for g in self.grupos)
        ):
            memoria = None  # (o plano deixa de depender só das regras e da quantidade)
        # O primeiro lote de um cargo só depende das regras, da prioridade e da quantidade: os
        # cargos de um certame com o mesmo número de vagas no edital têm o mesmo plano, e o
        # certame o guarda para todos.
        self._primeiros_lotes = memoria.primeiros_lotes if memoria is not None else None
        self._devidas = memoria.devidas if memoria is not None else None
        self._decisoes = memoria.decisoes if memoria is not None else None
        nomes = [g.nome for g in self.grupos]
        # (Um grupo de uma reserva conjunta, na prioridade, fala pela conjunta.)
        ordem = [self._no_plano(n) for n in (prioridade or nomes)]
        ordem += [n for n in nomes if n not in ordem]
        self.prioridade = tuple(n for n in dict.fromkeys(ordem) if n in nomes)
        self.lotes: list[Lote] = []
        self.vagas: list[Vaga] = []
        self.atribuidas: dict[str, int] = {g.nome: 0 for g in self.grupos}
        # Quantas vagas foram a cada lista (a de um grupo, dentro de uma conjunta com divisão).
        self.por_lista: dict[str, int] = {n: 0 for n in regras.listas_reservadas}
        self._por_nome = {g.nome: g for g in self.grupos}

    def _no_plano(self, lista: str) -> str:
        """A lista do plano que conta as vagas da lista dada (a conjunta, para um grupo dela)."""
        conjunta = self.regras.conjunta_de(lista)
        return conjunta.nome if conjunta is not None else lista

    def _destinar(self, vaga: Vaga) -> None:
        if vaga.reservada_para is not None:
            self.atribuidas[self._no_plano(vaga.reservada_para)] += 1
            self.por_lista[vaga.reservada_para] += 1

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
        if grupo.no_total is not None:
            return self._colocadas_pelo_edital(grupo, k)
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

    def _colocadas_pelo_edital(self, grupo: RegraGrupo, k: int) -> Devidas:
        """A reserva PcD que o edital conta no total e coloca nos cargos
        (docs/INTERPRETACAO.md#pcd-no-total): nas vagas do edital, o cargo tem as n colocadas
        nele, nos lugares que a conta do cargo (percentual, arredondamento e teto) lhes dá, sem
        passar de n, e o fim das vagas do edital completa as n; nas novas vagas, a conta do
        cargo no total acumulado, nunca menos que as n."""
        no_total = grupo.no_total
        assert no_total is not None
        if self.cargo is None or self.cargo not in no_total.colocadas:
            raise LeiInvalida(
                f"{no_total.referencia.citacao()}: a reserva a pessoas com deficiência é contada "
                "no total das vagas do edital e colocada nos cargos do quadro dele "
                f"({', '.join(no_total.vagas)}); a conta de "
                + (f"'{self.cargo}'" if self.cargo else "um cargo sem o código dele")
                + " não se faz"
            )
        n = no_total.colocadas[self.cargo]
        do_edital = no_total.vagas[self.cargo]
        valor, conta = self._no_intervalo(grupo, k)
        colocadas = f"{contar(n, 'vaga colocada', 'vagas colocadas')} neste cargo pelo edital"
        if k < do_edital and valor <= n:
            conta = f"{conta}; {colocadas}"
        elif k < do_edital:
            conta, valor = f"{colocadas} ({conta})", n
        elif k == do_edital:
            conta, valor = colocadas, n
        elif valor < n:
            conta, valor = f"{conta}; {colocadas}, nunca menos", n
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
            for v in vagas:
                if v.reservada_para is not None:
                    self.por_lista[v.reservada_para] += 1
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
            if k in self.fixadas:
                lista, razao = self.fixadas[k]
                vaga = Vaga(k, lote.numero, lista, razao)
            elif self._ordem is not None:
                vaga = self._pelo_edital(k, lote)
            elif decisoes is not None:
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
            vaga = self._dividir(vaga)
            self._destinar(vaga)
            novas.append(vaga)
        self.vagas.extend(novas)
        if self._ordem is not None or self.fixadas or self.regras.conjuntas:
            self._conferir_contra_a_lei(lote)
        if memoria is not None:
            memoria[chave] = (tuple(novas), dict(self.atribuidas))
        return novas

    # -- as regras do edital (cotas.motor.regras_do_edital) -----------------------------------
    def conta_da_lei(self, nome: str, k: int) -> tuple[int, str, tuple[Referencia, ...]]:
        """As vagas que a lei manda reservar à lista do plano após k nomeações, a conta e os
        dispositivos (a conjunta: a soma da conta de cada grupo dela, pela lei de cada um)."""
        grupo = self._grupo(nome)
        partes = grupo.membros or (grupo,)
        valor, contas, refs = 0, [], []
        for g in partes:
            d = self.devidas(g, k)
            valor += d.valor
            contas.append(f"{g.rotulo}: {d.calculo}" if grupo.membros else d.calculo)
            refs += [r for r in (*g.ref("percentual"), *g.ref("arredondamento")) if r not in refs]
            if d.abaixo_do_limiar:
                refs += [r for r in g.ref("limiar") if r not in refs]
        conta = "; ".join(contas)
        if grupo.membros:
            conta += f"; ao todo, {valor}"
        return valor, conta, tuple(refs)

    def _conferir_contra_a_lei(self, lote: Lote) -> None:
        """Nunca menos do que a lei: no total oferecido, cada lista do plano tem ao menos as
        vagas que a conta da lei lhe dá (a conjunta, a soma das dos grupos dela)."""
        for g in self.grupos:
            lei, conta, refs = self.conta_da_lei(g.nome, lote.fim)
            dadas = self.atribuidas[g.nome]
            if dadas >= lei:
                continue
            quem = self._quem_decidiu(g.nome)
            raise ReservaAbaixoDaLei(
                f"{quem} dá a {g.rotulo} {contar(dadas, 'vaga', 'vagas')} das {lote.fim} "
                f"oferecidas; a lei manda reservar {contar(lei, 'vaga', 'vagas')} ({conta}; "
                f"{citacoes(refs)}): o edital pode reservar mais, nunca menos."
            )

    def _quem_decidiu(self, nome: str) -> str:
        """ "Edital nº 12/2026, item 9.2 (a tabela de posições do edital (3ª, 8ª))"."""
        ordem = self._ordem
        if ordem is not None:
            return f"{ordem.referencia.citacao()} ({ordem.descricao(nome)})"
        grupo = self._grupo(nome)
        if grupo.membros:
            return f"{grupo.referencias['percentual'].citacao()} (a reserva conjunta)"
        return "O sorteio do edital"

    def _pelo_edital(self, k: int, lote: Lote) -> Vaga:
        """A vaga k pela ordem que o edital publica, com o item dele e a conta da lei."""
        ordem = self._ordem
        assert ordem is not None
        if not ordem.cobre(k):
            raise ReservaAbaixoDaLei(
                f"{ordem.referencia.citacao()}: a tabela de posições do edital vai até a "
                f"{ordinal(ordem.ate or 0)} nomeação; a {ordinal(k)} vaga oferecida não está "
                "nela (o edital que oferece mais vagas publica a tabela delas)."
            )
        nome = ordem.lista_da_posicao(k)
        lei = self.regras.ref("alternancia")
        if nome is None:
            texto = (
                f"A {ordinal(k)} nomeação é de ampla concorrência pela ordem que o edital "
                f"publica ({ordem.referencia.citacao()})."
            )
            fundamentos = _sem_repetir((ordem.referencia, *lei))
            return Vaga(k, lote.numero, None, Razao("vaga_ampla", texto, fundamentos))
        grupo = self._grupo(nome)
        valor, conta, refs = self.conta_da_lei(nome, k)
        ja = self.atribuidas[nome]
        texto = (
            f"A {ordinal(k)} nomeação é reservada a {grupo.rotulo} pela {ordem.descricao(nome)} "
            f"({ordem.referencia.citacao()}); após {contar(k, 'nomeação', 'nomeações')}, a conta "
            f"da lei é de {contar(valor, 'vaga', 'vagas')} ({conta}) e "
            f"{contar(ja, 'havia sido destinada', 'haviam sido destinadas')} antes."
        )
        fundamentos = _sem_repetir((ordem.referencia, *refs, *lei, *grupo.ref("limiar")))
        valores = (
            ("grupo", nome),
            ("k", str(k)),
            ("devidas", str(valor)),
            ("ja_destinadas", str(ja)),
        )
        return Vaga(
            k, lote.numero, nome, Razao("vaga_reservada", texto, fundamentos, valores, conta)
        )

    def _dividir(self, vaga: Vaga) -> Vaga:
        """A vaga de uma reserva conjunta com divisão vai ao grupo dela mais atrás da sua conta
        da lei (a diferença entre as vagas que a lei lhe dá após k nomeações e as que já
        recebeu); no empate, o primeiro na ordem do edital
        (docs/INTERPRETACAO.md#reserva-conjunta)."""
        conjunta = self._por_nome.get(vaga.reservada_para or "")
        if conjunta is None or not conjunta.divisao:
            return vaga
        k = vaga.numero

        def atras(m: RegraGrupo) -> int:
            return self.devidas(m, k).valor - self.por_lista[m.nome]

        membro = max(conjunta.membros, key=atras)  # (max: o primeiro dos empatados)
        d = self.devidas(membro, k)
        antes = contar(
            self.por_lista[membro.nome], "vaga havia sido destinada", "vagas haviam sido destinadas"
        )
        texto = (
            f"{vaga.razao.texto} Dentro da reserva conjunta, a vaga vai a {membro.rotulo}, pela "
            f"divisão da lei: após {contar(k, 'nomeação', 'nomeações')}, {d.calculo}, e "
            f"{antes} antes."
        )
        refs = [*vaga.razao.fundamentos]
        refs += [
            r for r in (*membro.ref("percentual"), *membro.ref("arredondamento")) if r not in refs
        ]
        razao = replace(
            vaga.razao,
            texto=texto,
            fundamentos=tuple(refs),
            valores=(*vaga.razao.valores, ("membro", membro.nome)),
        )
        return replace(vaga, reservada_para=membro.nome, razao=razao)

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


def _sem_repetir(refs: Sequence[Referencia]) -> tuple[Referencia, ...]:
    """Os dispositivos sem repetir a citação (o item do edital que diz a ordem pode ser o mesmo
    que diz a alternância)."""
    vistos: dict[str, Referencia] = {}
    for r in refs:
        vistos.setdefault(r.citacao(), r)
    return tuple(vistos.values())


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
