"""Quem tem direito à reserva de um grupo: a elegibilidade como dado da lei, escrita uma vez.

A lei declara os campos do candidato que decidem o direito além da cor (`[[campos]]`: os anos
de estudo em escola pública, a condição de quilombola), cada um com a coluna do arquivo, o tipo
e o dispositivo que o exige; e, por grupo, `<grupo>.elegibilidade`: as alternativas de
critérios (basta cumprir uma; numa alternativa, todos os critérios). Sem ela, o critério é só a
cor (`<grupo>.cores`).

Cada critério diz, aqui mesmo, quem o cumpre, como expressão do polars sobre o quadro em colunas
(`em_colunas`, lida por `cotas.motor.reservadas`): a forma que decide. O que o candidato
declarou e o que a lei pede, para a razão de quem ficou fora, também saem daqui (`declarado`,
`descrever`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cotas.motor.glossario import CorRaca, codigos, no_meio_da_frase
from cotas.motor.razoes import Referencia

if TYPE_CHECKING:
    import polars as pl

    from cotas.motor.candidatos import Candidato

# Os tipos de campo que a lei pode declarar e como se escrevem no arquivo de candidatos.
TIPOS_DE_CAMPO = ("inteiro", "booleano")
# A coluna de um campo da lei dentro do programa e no quadro em colunas.
PREFIXO_CAMPO = "campo:"
# Nomes que não podem ser de um campo (as colunas de todo certame e a chave da cor).
_RESERVADOS = frozenset(
    {"cores", "inscricao", "nome", "cargo", "nota", "situacao", "cor_raca", "pcd", "cpf"}
)


@dataclass(frozen=True)
class CampoDoCandidato:
    """Um campo do candidato que a lei declara ([[campos]]): o nome, o rótulo que se lê, a
    coluna do arquivo (e os outros títulos aceitos), o tipo e o dispositivo que o exige."""

    nome: str
    rotulo: str
    coluna: str
    tipo: str  # "inteiro" (não negativo) ou "booleano" (sim/não)
    referencia: Referencia
    apelidos: tuple[str, ...] = ()

    @property
    def chave(self) -> str:
        return PREFIXO_CAMPO + self.nome


@dataclass(frozen=True)
class Criterio:
    """Um critério de uma alternativa: a cor declarada entre `cores`, um campo inteiro com ao
    menos `minimo`, ou um campo booleano verdadeiro."""

    campo: str  # "cor_raca" ou o nome de um campo da lei
    cores: tuple[str, ...] = ()
    minimo: int | None = None

    def em_colunas(self) -> pl.Expr:
        """Se o candidato cumpre o critério, no quadro em colunas (nulo conta como não cumprido)."""
        import polars as pl

        if self.campo == "cor_raca":
            return pl.col("cor_raca").is_in(list(self.cores)).fill_null(False)
        coluna = pl.col(PREFIXO_CAMPO + self.campo)
        if self.minimo is not None:
            return (coluna >= self.minimo).fill_null(False)
        return (coluna == True).fill_null(False)  # noqa: E712 (a coluna booleana do polars)

    def descrever(self, campos: Mapping[str, CampoDoCandidato]) -> str:
        if self.campo == "cor_raca":
            return "autodeclarar-se " + " ou ".join(
                no_meio_da_frase(CorRaca(c)) for c in self.cores
            )
        rotulo = no_meio_da_frase(campos[self.campo].rotulo) if self.campo in campos else self.campo
        if self.minimo is not None:
            return f"{rotulo}: ao menos {self.minimo}"
        return rotulo

    def declarado(self, c: Candidato, campos: Mapping[str, CampoDoCandidato]) -> str:
        """O que o candidato declarou para o critério, como se lê na razão."""
        if self.campo == "cor_raca":
            return f"cor_raca {c.cor_raca.value if c.cor_raca else 'não declarada'}"
        valor = c.campo(self.campo)
        coluna = campos[self.campo].coluna if self.campo in campos else self.campo
        if valor is None:
            return f"{coluna} não informado"
        if isinstance(valor, bool):
            return f"{coluna} {'sim' if valor else 'não'}"
        return f"{coluna} {valor}"


@dataclass(frozen=True)
class Elegibilidade:
    """As alternativas de critérios de um grupo: quem cumpre todos os de alguma tem direito."""

    alternativas: tuple[tuple[Criterio, ...], ...]

    @classmethod
    def so_a_cor(cls, cores: Sequence[str]) -> Elegibilidade:
        return cls(((Criterio("cor_raca", tuple(cores)),),) if cores else ())

    @property
    def sem_criterio(self) -> bool:
        return not self.alternativas

    def em_colunas(self) -> pl.Expr:
        import polars as pl

        if self.sem_criterio:
            return pl.lit(True)
        return pl.any_horizontal(
            pl.all_horizontal(k.em_colunas() for k in alternativa)
            for alternativa in self.alternativas
        )

    @property
    def so_cor(self) -> bool:
        """Se o único critério é a cor (a regra de sempre, que a razão diz do jeito de sempre)."""
        return all(k.campo == "cor_raca" for a in self.alternativas for k in a)

    @property
    def cores_exigidas(self) -> tuple[str, ...]:
        """As cores sem as quais ninguém tem direito (vazio: alguma alternativa dispensa a cor),
        o que a leitura do arquivo recusa já na linha."""
        if not self.alternativas:
            return ()
        por_alternativa = []
        for alternativa in self.alternativas:
            cores = [k.cores for k in alternativa if k.campo == "cor_raca"]
            if not cores:
                return ()
            por_alternativa.append(set.intersection(*(set(c) for c in cores)))
        todas = set.union(*por_alternativa)
        return tuple(c for c in codigos(CorRaca) if c in todas)

    def campos(self) -> tuple[str, ...]:
        """Os campos da lei que os critérios leem."""
        return tuple(
            dict.fromkeys(k.campo for a in self.alternativas for k in a if k.campo != "cor_raca")
        )

    def __str__(self) -> str:  # (como a listagem das leis mostra o valor)
        return self.descrever({})

    def descrever(self, campos: Mapping[str, CampoDoCandidato]) -> str:
        return "; ou ".join(
            " e ".join(k.descrever(campos) for k in alternativa)
            for alternativa in self.alternativas
        )

    def declarado(self, c: Candidato, campos: Mapping[str, CampoDoCandidato]) -> str:
        vistos = dict.fromkeys(k.campo for a in self.alternativas for k in a)
        criterios = {k.campo: k for a in self.alternativas for k in a}
        return ", ".join(criterios[n].declarado(c, campos) for n in vistos)


def ler_elegibilidade(valor: object) -> object:
    """O valor de `<grupo>.elegibilidade`: uma lista de alternativas, cada uma uma tabela de
    critérios (`cores = [...]`, `<campo> = { minimo = N }` para um campo inteiro, `<campo> =
    true` para um booleano). Os nomes dos campos se conferem contra os `[[campos]]` da lei no
    carregador (`conferir_com_os_campos`)."""
    if not isinstance(valor, list) or not valor:
        raise ValueError("deve ser uma lista de alternativas (tabelas de critérios)")
    alternativas = []
    for i, bruto in enumerate(valor, start=1):
        if not isinstance(bruto, Mapping) or not bruto:
            raise ValueError(f"a alternativa nº {i} deve ser uma tabela de critérios não vazia")
        alternativas.append(tuple(_criterio(nome, v, i) for nome, v in bruto.items()))
    return Elegibilidade(tuple(alternativas))


def _criterio(nome: object, valor: object, i: int) -> Criterio:
    onde = f"alternativa nº {i}, critério '{nome}'"
    if nome == "cores":
        cores = codigos(CorRaca)
        if not isinstance(valor, list) or not valor or any(c not in cores for c in valor):
            raise ValueError(f"{onde}: deve ser uma lista com itens de: {', '.join(cores)}")
        return Criterio("cor_raca", tuple(valor))
    if not isinstance(nome, str) or not nome.isidentifier() or nome in _RESERVADOS:
        raise ValueError(f"{onde}: nome de campo inválido")
    if valor is True:
        return Criterio(nome)
    if isinstance(valor, Mapping) and set(valor) == {"minimo"}:
        minimo = valor["minimo"]
        if isinstance(minimo, int) and not isinstance(minimo, bool) and minimo >= 0:
            return Criterio(nome, minimo=minimo)
    raise ValueError(
        f"{onde}: deve ser true (campo booleano) ou {{ minimo = N }} (campo inteiro, N ≥ 0)"
    )


def conferir_com_os_campos(
    elegibilidade: Elegibilidade, campos: Mapping[str, CampoDoCandidato]
) -> list[str]:
    """Os erros de uma elegibilidade contra os campos que a lei declara: campo não declarado, ou
    de outro tipo que o do critério."""
    erros = []
    for alternativa in elegibilidade.alternativas:
        for k in alternativa:
            if k.campo == "cor_raca":
                continue
            campo = campos.get(k.campo)
            if campo is None:
                erros.append(f"o campo '{k.campo}' não está declarado em [[campos]]")
            elif (campo.tipo == "inteiro") != (k.minimo is not None):
                esperado = "{ minimo = N }" if campo.tipo == "inteiro" else "true"
                erros.append(f"o campo '{k.campo}' é {campo.tipo}: o critério é {esperado}")
    return erros


def nome_de_campo_valido(nome: str) -> bool:
    return nome.isidentifier() and nome not in _RESERVADOS
