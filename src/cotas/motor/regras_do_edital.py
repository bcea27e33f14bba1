"""As regras que o edital acrescenta às da lei, como dados (docs/EDITAIS.md#regras-do-edital).

A lei dá a conta (o percentual, o mínimo de vagas, o arredondamento) e às vezes deixa ao edital
como cumpri-la. O edital pode:

- publicar a **tabela das posições reservadas** (a 3ª, a 8ª, a 13ª... nomeação é de negros) ou
  dizer que **a cada N vagas** uma é reservada (a 5ª, a 10ª, a 15ª...): seguidas como
  publicadas, no lugar da alternância pelo total corrido (`OrdemDoEdital`);
- juntar grupos da lei numa **reserva conjunta** (uma lista de 30% para pessoas pretas, pardas,
  indígenas e quilombolas), com ou sem a divisão da lei entre eles (`ReservaConjunta`);
- dizer **para onde vai a vaga não preenchida** de uma lista que a lei não regula (PcD) ou da
  conjunta (`DestinosDoEdital`);
- **sortear entre cargos** de poucas vagas qual recebe a vaga reservada (`cotas.motor.sorteio`);
- contar a **reserva PcD no total** das vagas do edital e colocá-la nos cargos
  (`cotas.motor.pcd_no_total`).

Nunca menos do que a lei: a cada total de vagas oferecidas, as posições que o edital dá a um
grupo (ou à conjunta) não podem ser menos do que a conta da lei naquele total
(`ReservaAbaixoDaLei`, com as duas citações). Aqui, as regras e a sua aplicação às `Regras`
(`aplicar`); a leitura do arquivo está em `cotas.arquivos.edital`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from cotas.motor.erros import LeiInvalida
from cotas.motor.glossario import AMPLA
from cotas.motor.pcd_no_total import ReservaPcdNoTotal
from cotas.motor.razoes import Referencia
from cotas.motor.regras import PCD, RegraGrupo, Regras

TABELA = "tabela"
A_CADA = "a_cada"
REGRAS_DA_ORDEM = (TABELA, A_CADA)


@dataclass(frozen=True)
class OrdemDoEdital:
    """A ordem das vagas reservadas que o edital publica, no lugar da alternância pelo total
    corrido. `tabela`: cada posição listada vai à lista dita, até a posição `ate` (as demais,
    até ela, são de ampla concorrência; depois dela, a tabela nada diz e a vaga é recusada).
    `a_cada`: a N-ésima, a 2N-ésima... posição vai à `lista`."""

    regra: str
    referencia: Referencia
    posicoes: Mapping[int, str] = field(default_factory=dict)
    ate: int | None = None
    a_cada: int | None = None
    lista: str | None = None

    def lista_da_posicao(self, k: int) -> str | None:
        """A lista a que o edital dá a k-ésima posição (None: ampla concorrência)."""
        if self.regra == TABELA:
            return self.posicoes.get(k)
        assert self.a_cada is not None
        return self.lista if k % self.a_cada == 0 else None

    def cobre(self, k: int) -> bool:
        return self.ate is None or k <= self.ate

    def quantas(self, lista: str, k: int) -> int:
        """Quantas das k primeiras posições o edital dá à lista."""
        if self.regra == TABELA:
            return sum(1 for p, nome in self.posicoes.items() if nome == lista and p <= k)
        assert self.a_cada is not None
        return k // self.a_cada if lista == self.lista else 0

    def listas(self) -> tuple[str, ...]:
        if self.regra == TABELA:
            return tuple(dict.fromkeys(self.posicoes.values()))
        return (self.lista,) if self.lista else ()

    def descricao(self, lista: str) -> str:
        """ "tabela de posições do edital (3ª, 8ª, 13ª)" ou "regra de uma vaga a cada 5 (a 5ª,
        a 10ª...)"."""
        if self.regra == TABELA:
            posicoes = sorted(p for p, nome in self.posicoes.items() if nome == lista)
            return f"tabela de posições do edital ({', '.join(f'{p}ª' for p in posicoes)})"
        n = self.a_cada or 0
        return f"regra de uma vaga a cada {n} (a {n}ª, a {2 * n}ª...)"


@dataclass(frozen=True)
class ReservaConjunta:
    """Uma lista só para vários grupos da lei. `divisao`: sem ela, as vagas da conjunta vão ao
    mais bem classificado de qualquer dos grupos, e a vaga não preenchida segue `destinos`; com
    ela, cada vaga da conjunta vai a um dos grupos pela conta da lei de cada um
    (docs/INTERPRETACAO.md#reserva-conjunta), e a não preenchida segue a reversão dele."""

    nome: str
    rotulo: str
    grupos: tuple[str, ...]
    divisao: bool
    referencia: Referencia
    destinos: tuple[str, ...] = ()


@dataclass(frozen=True)
class DestinosDoEdital:
    """Para onde vai a vaga reservada não preenchida de uma lista que a lei não regula (PcD),
    na ordem do edital; a última é a ampla concorrência."""

    lista: str
    ordem: tuple[str, ...]
    referencia: Referencia


@dataclass(frozen=True)
class Sorteio:
    """Um sorteio entre cargos de poucas vagas: `sorteadas[lista]` cargos recebem, na posição
    `posicao` da sua ordem de nomeação, uma vaga reservada à lista. A semente fica registrada:
    a mesma semente dá o mesmo resultado (`cotas.motor.sorteio`)."""

    numero: int
    referencia: Referencia
    semente: str
    data: date
    posicao: int
    cargos: tuple[str, ...]
    sorteadas: Mapping[str, int]


@dataclass(frozen=True)
class RegrasDoEdital:
    """As regras do edital para o certame (vazias: só as da lei)."""

    norma: str
    ordem: OrdemDoEdital | None = None
    conjuntas: tuple[ReservaConjunta, ...] = ()
    destinos: tuple[DestinosDoEdital, ...] = ()
    sorteios: tuple[Sorteio, ...] = ()
    pcd_no_total: ReservaPcdNoTotal | None = None

    @property
    def vazias(self) -> bool:
        return not (
            self.ordem or self.conjuntas or self.destinos or self.sorteios or self.pcd_no_total
        )

    def chave(self) -> str:
        """Uma descrição estável do que decide o resultado (quem guarda o livro a põe na chave
        dele: outra tabela, outra conjunta ou outro sorteio é outro certame)."""
        return repr(self)


# -- a aplicação às regras da lei ---------------------------------------------------------------


def aplicar(regras: Regras, do_edital: RegrasDoEdital) -> Regras:
    """As regras da lei com as do edital: as conjuntas como listas do plano, os destinos da
    vaga PcD não preenchida, a ordem e os sorteios. `LeiInvalida` com todos os problemas (uma
    lista que o certame não tem, grupos de regras diferentes numa conjunta...), cada um com a
    citação do edital."""
    problemas: list[str] = []
    conjuntas = tuple(
        c for c in (_conjunta(regras, rc, problemas) for rc in do_edital.conjuntas) if c
    )
    grupos = list(regras.grupos)
    if do_edital.pcd_no_total is not None:
        problemas += [m for _, m in do_edital.pcd_no_total.problemas()]
        grupos = _com_pcd_no_total(grupos, do_edital.pcd_no_total, problemas)
    for destinos in do_edital.destinos:
        i = next((i for i, g in enumerate(grupos) if g.nome == destinos.lista), None)
        cita = destinos.referencia.citacao()
        if destinos.lista != PCD:
            problemas.append(
                f"{cita}: o edital diz para onde vai a vaga de '{destinos.lista}', mas só a "
                "da lista PcD (que a lei não regula) se diz aqui; a de um grupo da lei é o "
                f"parâmetro '{destinos.lista}.reversao'"
            )
            continue
        if i is None:
            problemas.append(
                f"{cita}: o edital diz para onde vai a vaga PcD não preenchida, mas o certame "
                "não tem reserva a pessoas com deficiência ([pcd])"
            )
            continue
        grupos[i] = replace(
            grupos[i],
            migracao=tuple(d for d in destinos.ordem if d != AMPLA),
            referencias={**grupos[i].referencias, "reversao": destinos.referencia},
        )
    novas = replace(regras, grupos=tuple(grupos), conjuntas=conjuntas, do_edital=do_edital)
    nomes = set(novas.listas_do_plano)
    todas = set(novas.listas_reservadas)
    for destinos in do_edital.destinos:
        problemas += _conferir_destinos(destinos.ordem, todas, destinos.referencia, destinos.lista)
    for rc in do_edital.conjuntas:
        if not rc.divisao:
            problemas += _conferir_destinos(rc.destinos, todas, rc.referencia, rc.nome)
        elif rc.destinos:
            problemas.append(
                f"{rc.referencia.citacao()}: com a divisão, a vaga não preenchida segue a "
                "reversão de cada grupo; os destinos da conjunta não se aplicam"
            )
    if do_edital.ordem is not None:
        problemas += _conferir_ordem(do_edital.ordem, nomes)
    for sorteio in do_edital.sorteios:
        problemas += [
            f"{sorteio.referencia.citacao()}: o sorteio dá vagas a '{lista}', que não é uma "
            f"lista reservada deste certame ({', '.join(sorted(nomes))})"
            for lista in sorteio.sorteadas
            if lista not in nomes
        ]
    if problemas:
        raise LeiInvalida("Regras do edital que o certame não admite: " + "; ".join(problemas))
    return novas


def _com_pcd_no_total(
    grupos: list[RegraGrupo], no_total: ReservaPcdNoTotal, problemas: list[str]
) -> list[RegraGrupo]:
    """O grupo PcD do edital, com o percentual, o arredondamento e o teto que ele diz e a
    colocação nos cargos, citados pelo item dele. Uma reserva PcD dita também pelo certame
    (`[pcd]` do cenário, `--pcd-percentual`) com outros valores é recusada: nenhum dos dois
    vale em silêncio."""
    novo = no_total.grupo
    atual = next((g for g in grupos if g.nome == PCD), None)
    if atual is not None and (atual.percentual, atual.arredondamento, atual.teto) != (
        novo.percentual,
        novo.arredondamento,
        novo.teto,
    ):
        problemas.append(
            f"{no_total.referencia.citacao()}: o edital conta a reserva PcD no total das vagas "
            f"com {no_total.parametros.percentual}% (arredondamento "
            f"{no_total.parametros.arredondamento}, teto {no_total.parametros.teto}%), e o "
            "certame diz outra reserva PcD ([pcd] do cenário, --pcd-percentual, o formulário); "
            "diga a mesma, ou só a do edital"
        )
        return grupos
    # O percentual é do item do edital; o arredondamento e o teto, do decreto e da lei federal
    # quando o edital segue o que eles dizem (sempre para cima; até 20%), senão do item; a
    # reversão e a desistência, das regras do edital para a reserva PcD, como sem esta regra.
    referencias = {
        **novo.referencias,
        **{
            k: no_total.referencia
            for k in ("arredondamento", "teto")
            if novo.referencias[k].norma == "Edital"
        },
        "percentual": no_total.referencia,
        "colocacao": no_total.colocacao,
    }
    pcd = replace(novo, referencias=referencias, no_total=no_total)
    return [g for g in grupos if g.nome != PCD] + [pcd]


def _conjunta(regras: Regras, rc: ReservaConjunta, problemas: list[str]) -> RegraGrupo | None:
    """A lista conjunta como um grupo do plano: o percentual é a soma dos da lei (citados com o
    item do edital); o arredondamento, o mínimo de vagas e a fração entre lotes são os da lei,
    que têm de ser os mesmos em todos os grupos juntados."""
    cita = rc.referencia.citacao()
    membros: list[RegraGrupo] = []
    for nome in rc.grupos:
        g = regras.grupo(nome)
        if g is None or g.declaracao is None:
            problemas.append(
                f"{cita}: '{nome}' não é um grupo de {regras.lei.titulo} "
                f"({', '.join(x.nome for x in regras.grupos_da_lei)})"
            )
        else:
            membros.append(g)
    if len(membros) != len(rc.grupos):
        return None
    if len(membros) < 2:
        problemas.append(f"{cita}: uma reserva conjunta junta ao menos dois grupos")
        return None
    diferentes = [
        chave
        for chave in ("arredondamento", "limiar", "fracao_entre_lotes", "base_do_limiar")
        if len({getattr(g, chave) for g in membros}) > 1
    ]
    if diferentes:
        problemas.append(
            f"{cita}: os grupos da reserva conjunta têm, na lei, regras diferentes de "
            f"{', '.join(diferentes)}; uma lista só não tem uma conta só"
        )
        return None
    primeiro = membros[0]
    referencias = {
        "percentual": rc.referencia,
        "reversao": rc.referencia,
        "desistencia": rc.referencia,
        **{k: v for k, v in primeiro.referencias.items() if k in _DA_LEI},
    }
    return RegraGrupo(
        nome=rc.nome,
        rotulo=rc.rotulo,
        percentual=sum((g.percentual for g in membros), Fraction(0)),
        arredondamento=primeiro.arredondamento,
        limiar=primeiro.limiar,
        fracao_entre_lotes=primeiro.fracao_entre_lotes,
        base_do_limiar=primeiro.base_do_limiar,
        migracao=tuple(d for d in rc.destinos if d != AMPLA),
        membros=tuple(membros),
        divisao=rc.divisao,
        referencias=referencias,
    )


# O que a conjunta cita da lei dos grupos juntados (iguais em todos: conferido acima).
_DA_LEI = ("arredondamento", "limiar", "fracao_entre_lotes", "concorrencia")


def _conferir_destinos(
    ordem: Sequence[str], nomes: set[str], referencia: Referencia, de: str
) -> list[str]:
    cita = referencia.citacao()
    if not ordem or ordem[-1] != AMPLA:
        return [f"{cita}: a ordem dos destinos da vaga de '{de}' termina na ampla concorrência"]
    return [
        f"{cita}: a vaga de '{de}' vai a '{d}', que não é uma lista deste certame "
        f"({', '.join(sorted(nomes))}, ampla)"
        for d in ordem[:-1]
        if d not in nomes or d == de
    ]


def _conferir_ordem(ordem: OrdemDoEdital, nomes: set[str]) -> list[str]:
    return [
        f"{ordem.referencia.citacao()}: a ordem do edital dá posições a '{lista}', que não é uma "
        f"lista reservada deste certame ({', '.join(sorted(nomes))})"
        for lista in ordem.listas()
        if lista not in nomes
    ]
