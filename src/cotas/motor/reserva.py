"""Quantas vagas de cada cargo são reservadas, com a memória de cálculo.

É o quadro que o edital deve trazer: o total de vagas reservadas em cada cargo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cotas.motor.ordem import Devidas, PlanoDeVagas
from cotas.motor.razoes import Razao, Referencia, citacoes, contar
from cotas.motor.regras import BaseDoLimiar, FracaoEntreLotes, RegraGrupo, Regras


@dataclass(frozen=True)
class ReservaCargo:
    vagas: int
    reservadas: dict[str, int]
    ampla: int
    memoria: list[str]
    razoes: dict[str, Razao]


def calcular_reserva(
    regras: Regras,
    vagas: int | Sequence[int],
    prioridade: Sequence[str] | None = None,
    plano: PlanoDeVagas | None = None,
    fixadas: Mapping[int, tuple[str, Razao]] | None = None,
    cargo: str | None = None,
) -> ReservaCargo:
    """Vagas reservadas por grupo para `vagas` oferecidas (um número ou os lotes, em ordem).

    Negros: percentual, limiar e arredondamento da lei (`negros.percentual`,
    `negros.limiar_vagas`, `negros.arredondamento`). PcD: os parâmetros do edital.
    `fixadas`: as posições que um sorteio do edital fixou no cargo; `cargo`: o código dele (a
    reserva PcD que o edital conta no total e coloca nos cargos o pede).
    """
    lotes = [vagas] if isinstance(vagas, int) else list(vagas)
    if any(q < 0 for q in lotes):
        raise ValueError("número de vagas negativo")
    lotes = [q for q in lotes if q > 0]
    total = sum(lotes)
    memoria = [
        f"Vagas oferecidas: {total}"
        + (f" (lotes: {' + '.join(map(str, lotes))})." if len(lotes) > 1 else ".")
    ]
    reservadas: dict[str, int] = {g.nome: 0 for g in regras.grupos}
    razoes: dict[str, Razao] = {}
    if total:
        # `plano`: o do próprio certame, já feito com estes mesmos lotes (o livro o tem); refazê-lo
        # daria o mesmo resultado vaga a vaga, só que de novo.
        if plano is None or [lt.quantidade for lt in plano.lotes] != lotes:
            plano = PlanoDeVagas(regras, prioridade, fixadas=fixadas, cargo=cargo)
            for q in lotes:
                plano.acrescentar_lote(q)
        if _com_regras_do_edital(regras, plano):
            return _reserva_pelo_edital(regras, plano, lotes, memoria)
        reservadas = dict(plano.atribuidas)
        for grupo in regras.grupos:
            devidas = plano.devidas(grupo, total)
            linha, fundamentos = _linha_do_grupo(grupo, devidas, lotes)
            memoria.append(linha)
            razoes[grupo.nome] = Razao(
                "reserva_cargo",
                linha,
                tuple(fundamentos),
                (("vagas", str(total)), ("reservadas", str(reservadas[grupo.nome]))),
                devidas.calculo,
            )
    else:
        for grupo in regras.grupos:
            memoria.append(f"{grupo.rotulo.capitalize()}: sem vagas oferecidas, nenhuma reservada.")
    ampla = total - sum(reservadas.values())
    memoria.append(
        f"Ampla concorrência: {total}"
        + "".join(f" − {reservadas[g.nome]} ({g.rotulo})" for g in regras.grupos)
        + f" = {ampla}."
    )
    return ReservaCargo(total, reservadas, ampla, memoria, razoes)


def _linha_do_grupo(
    grupo: RegraGrupo, devidas: Devidas, lotes: Sequence[int]
) -> tuple[str, list[Referencia]]:
    """A memória de cálculo da reserva de um grupo e os dispositivos que a fundamentam."""
    fundamentos: list[Referencia] = []
    if grupo.no_total is not None:
        # A conta é a do total do edital (mostrada uma vez para o edital): aqui, a colocação.
        linha = (
            f"{grupo.rotulo.capitalize()}: {devidas.calculo} "
            f"({citacoes(grupo.ref('percentual'))}), da reserva contada no total das "
            f"{grupo.no_total.total} vagas do edital ({grupo.no_total.conta()[1]})."
        )
        return linha, [*grupo.ref("percentual"), *grupo.ref("arredondamento")]
    if devidas.abaixo_do_limiar:
        linha = (
            f"{grupo.rotulo.capitalize()}: {devidas.calculo} "
            f"({citacoes(grupo.ref('limiar'))}); nenhuma vaga reservada."
        )
        fundamentos += grupo.ref("limiar")
    else:
        regra = grupo.arredondamento.descricao()
        linha = (
            f"{grupo.rotulo.capitalize()}: {devidas.calculo} "
            f"{'vaga reservada' if devidas.valor == 1 else 'vagas reservadas'} "
            f"({citacoes(grupo.ref('percentual'))}; arredondamento: {regra}, "
            f"{citacoes(grupo.ref('arredondamento'))}"
            + (f"; teto: {citacoes(grupo.ref('teto'))}" if grupo.teto is not None else "")
            + ")."
        )
        fundamentos += [*grupo.ref("percentual"), *grupo.ref("arredondamento")]
        fundamentos += grupo.ref("teto")
        if len(lotes) > 1 and grupo.ref("fracao_entre_lotes"):
            fundamentos += grupo.ref("fracao_entre_lotes")
            como = (
                "sobre o total acumulado dos lotes"
                if grupo.fracao_entre_lotes is FracaoEntreLotes.TOTAL_ACUMULADO
                else "em cada lote, separadamente"
            )
            linha += (
                f" A fração é considerada {como} ({citacoes(grupo.ref('fracao_entre_lotes'))})."
            )
        if _novas_vagas_cruzaram_o_limiar(grupo, lotes):
            # A reserva só existe porque as novas vagas levaram o total ao limiar.
            fundamentos += grupo.ref("limiar")
            linha += (
                f" As novas vagas levaram o total oferecido ao mínimo de {grupo.limiar} "
                f"({citacoes(grupo.ref('limiar'))})."
            )
    return linha, fundamentos


def _novas_vagas_cruzaram_o_limiar(grupo: RegraGrupo, lotes: Sequence[int]) -> bool:
    return (
        len(lotes) > 1
        and grupo.base_do_limiar is BaseDoLimiar.TODAS_OFERTADAS
        and lotes[0] < grupo.limiar <= sum(lotes)
    )


def _com_regras_do_edital(regras: Regras, plano: PlanoDeVagas) -> bool:
    """Se a ordem do cargo segue regras do edital (a ordem publicada, uma reserva conjunta, uma
    posição sorteada): a memória diz então o que o edital deu e a conta da lei ao lado."""
    do_edital = regras.do_edital
    return bool(
        regras.conjuntas or plano.fixadas or (do_edital is not None and do_edital.ordem is not None)
    )


def _reserva_pelo_edital(
    regras: Regras, plano: PlanoDeVagas, lotes: Sequence[int], memoria: list[str]
) -> ReservaCargo:
    """A reserva de um cargo que segue regras do edital: o que cada lista recebeu e a conta da
    lei no mesmo total (o plano já recusou o que fica abaixo dela)."""
    total = sum(lotes)
    ordem = regras.do_edital.ordem if regras.do_edital is not None else None
    sorteadas = {lista for lista, _ in plano.fixadas.values()}
    razoes: dict[str, Razao] = {}
    for grupo in plano.grupos:
        dadas = plano.atribuidas[grupo.nome]
        lei, conta, refs = plano.conta_da_lei(grupo.nome, total)
        fundamentos: list[Referencia] = []
        if ordem is not None:
            quem = f"pela {ordem.descricao(grupo.nome)} ({ordem.referencia.citacao()})"
            fundamentos.append(ordem.referencia)
        else:
            quem = f"pela alternância ({citacoes(regras.ref('alternancia')) or 'lei'})"
        if grupo.membros:
            quem += f", numa lista conjunta ({grupo.referencias['percentual'].citacao()})"
            fundamentos.append(grupo.referencias["percentual"])
        fundamentos += [r for r in refs if r not in fundamentos]
        linha = (
            f"{grupo.rotulo.capitalize()}: {contar(dadas, 'vaga reservada', 'vagas reservadas')} "
            f"{quem}; a conta da lei: {conta} ({citacoes(tuple(refs))})."
        )
        if grupo.divisao:
            linha += (
                " Divididas pela conta da lei de cada grupo: "
                + "; ".join(f"{m.rotulo}: {plano.por_lista[m.nome]}" for m in grupo.membros)
                + "."
            )
        if grupo.nome in sorteadas:
            linha += " Inclui a vaga sorteada entre cargos (a razão da vaga diz o sorteio)."
        memoria.append(linha)
        valores = (("vagas", str(total)), ("reservadas", str(dadas)), ("lei", str(lei)))
        razao = Razao("reserva_cargo", linha, tuple(fundamentos), valores, conta)
        for nome in (m.nome for m in grupo.membros) if grupo.divisao else (grupo.nome,):
            razoes[nome] = razao
    # Por lista: a de cada grupo (0 para o que está numa conjunta sem divisão) e a de cada
    # conjunta sem divisão.
    nomes = [*(g.nome for g in regras.grupos), *(c.nome for c in regras.conjuntas if not c.divisao)]
    reservadas = {n: plano.por_lista.get(n, 0) for n in nomes}
    ampla = total - sum(reservadas.values())
    memoria.append(
        f"Ampla concorrência: {total}"
        + "".join(f" − {plano.atribuidas[g.nome]} ({g.rotulo})" for g in plano.grupos)
        + f" = {ampla}."
    )
    return ReservaCargo(total, reservadas, ampla, memoria, razoes)
