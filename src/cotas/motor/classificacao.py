"""A ordem das listas e as razões de cada lista, para cada cargo.

Quem decide a ordem e quem entra em cada lista é a classificação em colunas
(`cotas.motor.colunar`, com as regras de cada grupo em `cotas.motor.reservadas`); daqui saem a
chave de classificação, declarada uma vez (`chave_de_classificacao`), e as razões em pt-BR do que
as colunas já decidiram (desempates, quem ficou fora de uma lista e por quê): só explicam.

Desempate: primeiro a idade das pessoas idosas, a mais velha antes (o dispositivo federal
`idoso_desempate`; docs/INTERPRETACAO.md#desempate); depois os critérios do edital, na ordem.
Empate que nada resolve é erro, com os empatados nomeados: a ordem de linhas do arquivo nunca
decide.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Literal

from cotas.motor.candidatos import Candidato, Heteroidentificacao
from cotas.motor.glossario import CorRaca, no_meio_da_frase, rotulo
from cotas.motor.listas import Inscritos, ListaDeClassificacao
from cotas.motor.razoes import Razao, Referencia
from cotas.motor.regras import REF_IDOSO, REF_IDOSO_IDADE, RegraGrupo, Regras


@dataclass(frozen=True)
class CriterioDesempate:
    """Critério do edital: uma coluna do arquivo, o maior ou o menor valor primeiro."""

    coluna: str
    sentido: Literal["maior", "menor"] = "maior"


@dataclass
class Listas:
    """As listas de um cargo, em ordem. `observacoes` explica ausências e desempates.

    Em certames grandes as listas são criadas sob demanda (`cotas.motor.colunar`): leia-as como
    sequências (`ListaDeClassificacao`), sem supor `list`.
    """

    cargo: str
    geral: ListaDeClassificacao
    reservadas: Mapping[str, ListaDeClassificacao]
    # As listas lidas em colunas, de `inicio` a `fim` na sequência publicada (a geral, depois as
    # reservadas), ou só a `lista` dada: para quem lê listas inteiras sem criar um `Candidato`
    # por linha (os documentos).
    trechos: Callable[[int, int | None, str | None], list[TrechoDeLista]]
    pendentes: list[Candidato] = field(default_factory=list)  # aguardam a comissão
    observacoes: Mapping[str, list[Razao]] = field(default_factory=dict)


@dataclass(frozen=True)
class TrechoDeLista:
    """Um trecho de uma lista em colunas: as linhas de `primeira` em diante (posições contadas
    de 1), cada coluna uma lista do Python. `desempates`: o texto das razões de desempate na
    mesma nota de cada linha, as do par com quem a precede e com quem a segue, juntas (só a
    geral as tem: são as mesmas razões de `Listas.observacoes` que começam por "desempate")."""

    lista: str
    primeira: int
    inscricoes: list[str]
    nomes: list[str]
    cpfs: list[str | None]
    notas: list[str]
    desempates: list[str] | None


class Valor(StrEnum):
    """O que um componente da chave de classificação compara."""

    NOTA = "nota"
    IDOSO = "idoso"  # 60 anos ou mais no dia de referência (1) ou não (0)
    NASCIMENTO_DO_IDOSO = "nascimento_do_idoso"  # só entre pessoas idosas; as demais, 0
    TEM_CRITERIO = "tem_criterio"  # o critério do edital informado (1) ou vazio (0)
    CRITERIO = "criterio"  # o valor do critério do edital (vazio: 0)


@dataclass(frozen=True)
class Componente:
    """Um componente da chave de classificação: o valor comparado, o sentido e, se é um critério
    do edital, a coluna. `motivo` diz que desempate a diferença nele explica."""

    valor: Valor
    sentido: Literal["maior", "menor"]
    coluna: str = ""

    @property
    def motivo(self) -> Literal["nota", "idade", "edital"]:
        if self.valor is Valor.NOTA:
            return "nota"
        if self.valor in (Valor.IDOSO, Valor.NASCIMENTO_DO_IDOSO):
            return "idade"
        return "edital"


def chave_de_classificacao(
    criterios: Sequence[CriterioDesempate] = (),
) -> tuple[Componente, ...]:
    """A ordem das listas, declarada uma vez (docs/INTERPRETACAO.md#desempate): a nota, maior
    primeiro; na mesma nota, a pessoa idosa, a mais velha antes; depois os critérios do edital,
    na ordem, o informado antes do vazio. A classificação em colunas (`cotas.motor.colunar`)
    ordena por ela e aponta, num desempate, o componente que o explica (`razao_desempate`)."""
    return (
        Componente(Valor.NOTA, "maior"),
        Componente(Valor.IDOSO, "maior"),
        Componente(Valor.NASCIMENTO_DO_IDOSO, "menor"),
        *(
            componente
            for c in criterios
            for componente in (
                Componente(Valor.TEM_CRITERIO, "maior", c.coluna),
                Componente(Valor.CRITERIO, c.sentido, c.coluna),
            )
        ),
    )


def razao_desempate(
    a: str, b: str, componente: Componente, componentes: Sequence[Componente]
) -> Razao:
    """Por que a inscrição `a` precede `b` na mesma nota: `componente`, o primeiro da chave em
    que os dois diferem (a classificação em colunas o aponta)."""
    codigo, resto, fundamentos = desempate_explicado(componente, componentes)
    return Razao(codigo, f"{a}{PRECEDE}{b}{resto}", fundamentos)


# Entre as duas inscrições de um desempate.
PRECEDE = " precede "


def desempate_explicado(
    componente: Componente, componentes: Sequence[Componente]
) -> tuple[str, str, tuple[Referencia, ...]]:
    """O código, o texto depois de "`a` precede `b`" e o fundamento de um desempate pelo
    `componente`: escritos uma vez para a razão de um par e para a coluna das listas inteiras
    (`cotas.motor.colunar`, que junta o texto às inscrições de cada par)."""
    if componente.motivo == "idade":
        return (
            "desempate_idade",
            " na mesma nota pela idade: pessoa idosa, a de idade mais elevada primeiro.",
            (REF_IDOSO, REF_IDOSO_IDADE),
        )
    if componente.motivo == "edital":
        return (
            "desempate_edital",
            f" na mesma nota pelo critério do edital '{componente.coluna}' "
            f"({_sentido_do_criterio(componentes, componente.coluna)} valor primeiro).",
            (),
        )
    return ("desempate", ".", ())


def _sentido_do_criterio(componentes: Sequence[Componente], coluna: str) -> str:
    return next(k.sentido for k in componentes if k.valor is Valor.CRITERIO and k.coluna == coluna)


def razao_sem_o_criterio(regra: RegraGrupo, regras: Regras, c: Candidato) -> Razao:
    """Por que quem optou pelo grupo não está na lista dele: não cumpre a elegibilidade."""
    elegibilidade = regra.elegibilidade
    if elegibilidade.so_cor and regra.cores:
        cores = " ou ".join(no_meio_da_frase(CorRaca(cor)) for cor in regra.cores)
        return Razao(
            "nao_autodeclarado",
            f"{c.inscricao} optou pela reserva a {regra.rotulo} sem se autodeclarar {cores}.",
            regra.ref("elegibilidade"),
        )
    campos = {k.nome: k for k in regras.lei.campos}
    lidos = [campos[n].referencia for n in elegibilidade.campos() if n in campos]
    return Razao(
        "nao_elegivel",
        f"{c.inscricao} optou pela reserva a {regra.rotulo} sem cumprir o que a lei exige para "
        f"ela ({elegibilidade.descrever(campos)}); declarou {elegibilidade.declarado(c, campos)}.",
        (*regra.ref("elegibilidade"), *(r for r in lidos if r not in regra.ref("elegibilidade"))),
    )


def razao_nao_reconhecido(
    regra: RegraGrupo, regras: Regras, c: Candidato, h: Heteroidentificacao
) -> Razao:
    if regra.verificacao == "heteroidentificacao" and regras.comissao is not None:
        # O destino deste resultado (quem recusa a filmagem pode ter um destino próprio na lei,
        # `recusa_filmagem`), com o dispositivo que o funda.
        comissao = regras.comissao
        return Razao(
            "comissao_" + h.value,
            f"{c.inscricao}: resultado da heteroidentificação '{h.value}'; "
            f"{comissao.destino(h.value)}.",
            tuple(
                r
                for chave in (comissao.chave_do_destino(h.value), "recursos")
                if (r := comissao.referencias.get(chave)) is not None
            ),
        )
    # Verificação documental: sem a condição comprovada, não entra na lista do grupo e segue
    # nas demais a que concorre (docs/INTERPRETACAO.md#verificacao-documental).
    return Razao(
        "verificacao_" + h.value,
        f"{c.inscricao}: verificação da condição de {regra.rotulo} '{rotulo(h).lower()}'; "
        "não concorre às vagas reservadas a esse grupo.",
        regra.ref("verificacao"),
    )


def razao_varios_grupos(
    regras: Regras, c: Candidato, grupos: Sequence[RegraGrupo], escolhido: RegraGrupo
) -> Razao:
    """Por que quem é elegível em vários grupos da lei (`grupos`) está só na lista de
    `escolhido` (`grupos.candidato_em_varios`: o de maior percentual)."""
    outros = [g for g in grupos if g is not escolhido]
    return Razao(
        "varios_grupos",
        f"{c.inscricao} concorre por {', '.join(g.rotulo for g in grupos)}; é classificado só "
        f"na lista de {escolhido.rotulo}, a de maior percentual, e não na de "
        f"{', '.join(g.rotulo for g in outros)}.",
        (regras.referencia_varios,) if regras.referencia_varios else (),
    )


def inscritos_de(
    candidatos: Iterable[Candidato],
    cargos: Iterable[str],
    dia: date,
    criterios: Sequence[CriterioDesempate],
    regras: Regras,
) -> Inscritos:
    """Os inscritos de onde saem as listas de cada cargo: sempre em colunas
    (`cotas.motor.colunar.inscritos_em_colunas`), de uma tabela ou de uma lista de `Candidato`."""
    from cotas.motor.colunar import inscritos_em_colunas  # (o colunar lê a chave daqui)

    return inscritos_em_colunas(candidatos, cargos, dia, criterios, regras)
