"""Os candidatos em colunas e a classificação em colunas: a forma que decide as listas.

O motor só examina o topo de cada lista: as vagas de um cargo são poucas perto dos inscritos e o
cursor de cada lista (`listas.Fila`) só avança quando alguém é chamado ou sai. Montar um
`Candidato` para cada uma de 1.000.000 de linhas custa mais que toda a apuração; por isso:

- `TabelaCandidatos` guarda os candidatos em colunas (um quadro polars) e só cria o `Candidato`
  de uma linha quando alguém o pede. Para quem a percorre, é uma sequência de `Candidato` como
  outra qualquer (na ordem do arquivo). Uma lista de `Candidato` vira uma tabela
  (`inscritos_de`): há um caminho só, para dez inscritos ou para um milhão.
- `classificar_em_colunas` ordena todos os cargos de uma vez, pela chave de
  `classificacao.chave_de_classificacao` (declarada uma vez e traduzida aqui em expressões do
  polars), em aritmética decimal exata, e procura empates na lista INTEIRA de cada cargo: um
  empate que nada resolve continua sendo erro mesmo no fim da lista, onde o cursor nunca
  chegaria. Quem entra em cada lista reservada, quem a comissão elimina e quem aguarda a
  verificação saem das expressões de `cotas.motor.reservadas`, calculadas no mesmo quadro.
- `ListaGeral` e `ListaReservada` são as listas de `Listas`, criadas sob demanda, do topo para
  baixo, na ordem calculada em colunas.

As razões (desempates, quem ficou fora de uma lista) são escritas por `classificacao` sobre o
que as colunas decidiram, sobre o cargo inteiro, na primeira consulta.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, overload

import polars as pl

if TYPE_CHECKING:
    from polars._typing import EngineType

from cotas.motor import reservadas
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao, Situacao
from cotas.motor.classificacao import (
    PRECEDE,
    Componente,
    CriterioDesempate,
    Listas,
    TrechoDeLista,
    Valor,
    chave_de_classificacao,
    desempate_explicado,
    razao_desempate,
    razao_nao_reconhecido,
    razao_sem_o_criterio,
    razao_varios_grupos,
)
from cotas.motor.elegibilidade import PREFIXO_CAMPO
from cotas.motor.erros import (
    ClassificacaoIncompleta,
    EmpateNaoResolvido,
    ErroCotas,
    EventoInvalido,
)
from cotas.motor.eventos import Evento, TipoEvento
from cotas.motor.glossario import AMPLA
from cotas.motor.listas import ListaDeClassificacao
from cotas.motor.razoes import Razao
from cotas.motor.regras import IDADE_IDOSO, REF_IDOSO, Regras
from cotas.motor.reservadas import PREFIXO_RESERVA as PREFIXO_RESERVA
from cotas.motor.reservadas import PREFIXO_VERIFICACAO as PREFIXO_VERIFICACAO
from cotas.motor.reservadas import NoGrupo, coluna_da_lista
from cotas.motor.reservadas import coluna as coluna_no_grupo

__all__ = [
    "InscritosColunares",
    "ListaGeral",
    "ListaReservada",
    "TabelaCandidatos",
    "classificar_em_colunas",
    "inscritos_em_colunas",
    "montar_listas",
]

# Colunas do quadro e o tipo de cada uma. As notas e os critérios do edital ficam como texto
# decimal (o que `Decimal(...)` lê sem perda); a conversão para ordenar é feita no quadro inteiro.
ESQUEMA: dict[str, Any] = {
    "linha": pl.Int64,
    "inscricao": pl.String,
    "nome": pl.String,
    "cargo": pl.String,
    "nota": pl.String,
    "situacao": pl.String,
    "cor_raca": pl.String,
    "pcd": pl.Boolean,
    "data_nascimento": pl.Date,
    "classificacao": pl.Int64,
    "cpf": pl.String,
    "opcao_lista": pl.String,
}
PREFIXO_DESEMPATE = "desempate:"
_BLOCO = 4096  # linhas criadas de cada vez ao percorrer a tabela inteira
# Até quantas linhas um quadro é "pequeno": cada operação do polars custa ~0,1 ms fixo, e
# alguns atalhos para milhões de linhas (a chave empacotada) não se pagam.
_PEQUENO = 4096


def _coletar(plano: pl.LazyFrame, linhas: int, motor: EngineType = "auto") -> pl.DataFrame:
    """O plano executado. Num quadro pequeno, pelo motor em memória do polars e sem as
    otimizações do plano: o motor padrão (o de fluxo) custa ~0,2 ms a mais por consulta só para
    começar, e otimizar o plano custa mais do que poupa em poucas linhas (~25% da consulta);
    nada disso pesa em um milhão, onde fica o `motor` pedido."""
    if linhas <= _PEQUENO:
        return plano.collect(engine="in-memory", optimizations=_SEM_OTIMIZAR)
    return plano.collect(engine=motor)


_SEM_OTIMIZAR = pl.QueryOptFlags.none()
# Texto do quadro -> valor do motor (um dicionário é mais rápido que chamar a enumeração).
_SITUACAO = {s.value: s for s in Situacao}
_COR: dict[str | None, CorRaca | None] = {None: None, **{c.value: c for c in CorRaca}}
_PARECER: dict[str | None, Heteroidentificacao | None] = {
    None: None,
    **{h.value: h for h in Heteroidentificacao},
}


def _textos_decimais(valores: Iterable[Decimal | None]) -> list[str | None]:
    """Cada valor como texto sem expoente, que `Decimal()` relê igual e o polars converte sem
    perda (nulo fica nulo). `str`, quatro vezes mais barato que o formato "f", dá o mesmo texto
    quando não escreve o expoente."""
    return [
        None if v is None else (t if "E" not in (t := str(v)) else format(v, "f")) for v in valores
    ]


# O código de cada membro do vocabulário, como o quadro o guarda (sem o `.value` da enumeração,
# lento, a cada candidato de uma lista convertida em tabela).
_CODIGO: dict[Any, str | None] = {
    None: None,
    **{m: m.value for tipo in (Situacao, CorRaca, Heteroidentificacao) for m in tipo},
}


class TabelaCandidatos(Sequence[Candidato]):
    """Candidatos em colunas; cada `Candidato` só é criado quando pedido.

    `colunas_desempate` são os critérios do edital, na ordem em que o leitor os devolve em
    `Candidato.desempate`; cada um é a coluna `desempate:<nome>` do quadro (texto ou nulo).
    """

    def __init__(
        self,
        quadro: pl.DataFrame,
        colunas_desempate: Sequence[str] = (),
        *,
        sem_repetidas: bool = False,
        decimais_conferidos: bool = False,
    ) -> None:
        faltam = [c for c in ESQUEMA if c not in quadro.columns]
        if faltam:
            raise ValueError(f"faltam colunas no quadro de candidatos: {faltam}")
        self.quadro = quadro
        self.colunas_desempate = tuple(colunas_desempate)
        self.grupos = tuple(
            c.removeprefix(PREFIXO_RESERVA) for c in quadro.columns if c.startswith(PREFIXO_RESERVA)
        )
        self._verificados = tuple(
            g for g in self.grupos if PREFIXO_VERIFICACAO + g in quadro.columns
        )
        # Os campos que a lei declara (`campo:<nome>`), lidos para `Candidato.campos`.
        self.campos = tuple(
            c.removeprefix(PREFIXO_CAMPO) for c in quadro.columns if c.startswith(PREFIXO_CAMPO)
        )
        self._indice: dict[str, int] | None = None
        self._criados: dict[int, Candidato] = {}
        self._leves: dict[int, tuple[str, str]] = {}  # linha -> (inscrição, nome), sem criar
        self._parcial: dict[str, int] = {}  # inscrição -> linha, dos já criados ou localizados
        # Se nenhuma inscrição se repete (vale o parcial). `sem_repetidas`: quem criou a tabela
        # já o provou (a leitura em colunas confere), e a busca no quadro inteiro não se repete.
        self._unicas: bool | None = True if sem_repetidas else None
        self._repetida: int | None = None
        self._repetida_buscada = sem_repetidas
        # A nota e os critérios do edital já conferidos como texto decimal canônico
        # (`[+-]?dígitos[.dígitos]`), como a leitura em colunas faz: a ordenação não os confere de
        # novo.
        self.decimais_conferidos = decimais_conferidos
        self._faltas = 0
        self._colunas: pl.DataFrame | None = None
        self._decimais: dict[tuple[str, ...], dict[str, pl.Expr]] = {}

    @classmethod
    def de_candidatos(
        cls,
        candidatos: Iterable[Candidato],
        colunas_desempate: Sequence[str] | None = None,
        grupos: Sequence[str] | None = None,
        campos: Mapping[str, Any] | None = None,
    ) -> TabelaCandidatos:
        """A tabela de uma lista de candidatos já criados (ensaios e testes de equivalência);
        `grupos`: os da lei (sem eles, os que os candidatos citam); `campos`: o tipo do polars de
        cada campo da lei (sem eles, os que os candidatos trazem, pelo valor)."""
        lista = list(candidatos)
        if colunas_desempate is None:
            nomes: dict[str, None] = {}
            for c in lista:
                for nome, _ in c.desempate:
                    nomes.setdefault(nome)
            colunas_desempate = tuple(nomes)
        codigo = _CODIGO
        dados: dict[str, list[Any]] = {
            "linha": [c.linha for c in lista],
            "inscricao": [c.inscricao for c in lista],
            "nome": [c.nome for c in lista],
            "cargo": [c.cargo for c in lista],
            "nota": _textos_decimais([c.nota for c in lista]),
            "situacao": [codigo[c.situacao] for c in lista],
            "cor_raca": [codigo[c.cor_raca] for c in lista],
            "pcd": [c.pcd for c in lista],
            "data_nascimento": [c.data_nascimento for c in lista],
            "classificacao": [c.classificacao for c in lista],
            "cpf": [c.cpf for c in lista],
            "opcao_lista": [c.opcao_lista for c in lista],
        }
        esquema = dict(ESQUEMA)
        if grupos is None:
            grupos = tuple(
                dict.fromkeys(g for c in lista for g in (*c.reservas, *dict(c.verificacoes)))
            )
        # (Os pares de cada candidato como dicionário só para quem os tem: quase ninguém.)
        verificacoes = [dict(c.verificacoes) if c.verificacoes else None for c in lista]
        for g in grupos:
            dados[PREFIXO_RESERVA + g] = [g in c.reservas for c in lista]
            esquema[PREFIXO_RESERVA + g] = pl.Boolean
            dados[PREFIXO_VERIFICACAO + g] = [v and codigo[v.get(g)] for v in verificacoes]
            esquema[PREFIXO_VERIFICACAO + g] = pl.String
        if campos is None:
            campos = {
                n: pl.Boolean if isinstance(v, bool) else pl.Int64
                for c in lista
                for n, v in c.campos
            }
        for nome, tipo in campos.items():
            dados[PREFIXO_CAMPO + nome] = [c.campo(nome) if c.campos else None for c in lista]
            esquema[PREFIXO_CAMPO + nome] = tipo
        for nome in colunas_desempate:
            valores = [
                (d[0][1] if d[0][0] == nome else c.valor_desempate(nome))  # (o comum: o 1º)
                if (d := c.desempate)
                else None
                for c in lista
            ]
            dados[PREFIXO_DESEMPATE + nome] = _textos_decimais(valores)
            esquema[PREFIXO_DESEMPATE + nome] = pl.String
        # (Coluna a coluna, cada uma com o seu tipo: mais barato que o dicionário com o esquema.)
        quadro = pl.DataFrame([pl.Series(nome, dados[nome], dtype=esquema[nome]) for nome in dados])
        return cls(quadro, colunas_desempate)

    # -- sequência ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.quadro.height

    @overload
    def __getitem__(self, i: int) -> Candidato: ...
    @overload
    def __getitem__(self, i: slice) -> list[Candidato]: ...
    def __getitem__(self, i: int | slice) -> Candidato | list[Candidato]:
        if isinstance(i, slice):
            return self.materializar(range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        return self.materializar([i])[0]

    def __iter__(self) -> Iterator[Candidato]:
        for inicio in range(0, len(self), _BLOCO):
            yield from self.materializar(range(inicio, min(inicio + _BLOCO, len(self))))

    # -- criação sob demanda --------------------------------------------------------------------
    def materializar(self, linhas: Iterable[int]) -> list[Candidato]:
        """Os candidatos das linhas dadas (índices no quadro), na ordem pedida.

        Cada linha é criada uma vez só: a geral e as reservadas de um cargo passam pelos mesmos
        candidatos, e a dupla condição pergunta de novo por quem já foi chamado.
        """
        indices = list(linhas)
        criados = self._criados
        faltam = [i for i in indices if i not in criados]
        if faltam:
            for i, c in zip(faltam, self._criar(faltam), strict=True):
                criados[i] = c
        return [criados[i] for i in indices]

    def _criar(self, indices: list[int]) -> list[Candidato]:
        # Coluna a coluna (`to_list` de cada uma, depois `zip`): bem mais rápido que `rows()`
        # quando o bloco é grande (a antecipação de `Certame.abrir` pede dezenas de milhares).
        bloco = self._quadro_de_criar()[indices]
        valores = [bloco.get_column(c).to_list() for c in bloco.columns]
        n_esquema = len(ESQUEMA)
        n_reservas = n_esquema + len(self.grupos)
        n_fixas = n_reservas + len(self._verificados)
        n_desempate = n_fixas + len(self.colunas_desempate)
        return self._montar(
            indices,
            zip(*valores[:n_esquema], strict=True),
            self._reservas(valores[n_esquema:n_reservas], len(indices)),
            self._verificacoes(valores[n_reservas:n_fixas], len(indices)),
            self._extras(valores[n_fixas:n_desempate]),
            self._campos_lidos(valores[n_desempate:]),
        )

    def _quadro_de_criar(self) -> pl.DataFrame:
        # As colunas na ordem de `Candidato`, escolhidas uma vez; depois só `gather` e `to_list`,
        # o caminho mais curto do quadro para o Python.
        if self._colunas is None:
            colunas = [
                *ESQUEMA,
                *(PREFIXO_RESERVA + g for g in self.grupos),
                *(PREFIXO_VERIFICACAO + g for g in self._verificados),
                *(PREFIXO_DESEMPATE + c for c in self.colunas_desempate),
                *(PREFIXO_CAMPO + c for c in self.campos),
            ]
            self._colunas = self.quadro[colunas]
        return self._colunas

    def _extras(self, colunas: list[list[Any]]) -> Iterable[tuple[tuple[str, Decimal], ...]]:
        """Os critérios do edital como pares (nome, Decimal), sem os vazios; o caso comum (um
        critério só) sem gerador, que custaria mais que o resto da linha."""
        nomes_desempate = self.colunas_desempate
        if not nomes_desempate:
            return itertools.repeat(())
        if len(nomes_desempate) == 1:
            (unico,) = nomes_desempate
            return (() if v is None else ((unico, Decimal(v)),) for v in colunas[0])
        return (
            tuple(
                (n, Decimal(v)) for n, v in zip(nomes_desempate, vs, strict=True) if v is not None
            )
            for vs in zip(*colunas, strict=True)
        )

    def _campos_lidos(
        self, colunas: list[list[Any]]
    ) -> Iterable[tuple[tuple[str, int | bool], ...]]:
        """Os campos que a lei declara, como pares (nome, valor), sem os vazios."""
        if not self.campos:
            return itertools.repeat(())
        return (
            tuple((n, v) for n, v in zip(self.campos, vs, strict=True) if v is not None)
            for vs in zip(*colunas, strict=True)
        )

    def _montar(
        self,
        indices: list[int],
        fixas: Iterable[tuple[Any, ...]],
        reservas: Iterable[frozenset[str]],
        verificacoes: Iterable[tuple[tuple[str, Heteroidentificacao], ...]],
        extras: Iterable[tuple[tuple[str, Decimal], ...]],
        campos_lidos: Iterable[tuple[tuple[str, int | bool], ...]],
    ) -> list[Candidato]:
        resultado: list[Candidato] = []
        criar = resultado.append
        parcial = self._parcial
        # Os campos na ordem de `Candidato` (posicionais: a linha mais barata de montar).
        for i, (linha, inscricao, nome, cargo, nota, situacao, cor, pcd,
                nascimento, classificacao, cpf, opcao), reserva, parecer, desempate, lidos in zip(
            indices, fixas, reservas, verificacoes, extras, campos_lidos,
            strict=False,  # (`extras` e `campos_lidos` podem ser infinitos)
        ):  # fmt: skip
            parcial[inscricao] = i
            criar(
                Candidato(
                    inscricao,
                    nome,
                    cargo,
                    Decimal(nota),
                    _SITUACAO[situacao],
                    _COR[cor],
                    reserva,
                    pcd,
                    parecer,
                    nascimento,
                    classificacao,
                    desempate,
                    cpf,
                    opcao,
                    linha,
                    lidos,
                )
            )
        return resultado

    def _reservas(self, colunas: list[list[Any]], n: int) -> Iterable[frozenset[str]]:
        """As opções de cada linha; os conjuntos possíveis criados uma vez (são poucos)."""
        if not colunas:
            return itertools.repeat(frozenset(), n)
        conjuntos: dict[tuple[bool, ...], frozenset[str]] = {}
        grupos = self.grupos
        resultado = []
        for marcas in zip(*colunas, strict=True):
            conjunto = conjuntos.get(marcas)
            if conjunto is None:
                conjunto = conjuntos[marcas] = frozenset(
                    g for g, m in zip(grupos, marcas, strict=True) if m
                )
            resultado.append(conjunto)
        return resultado

    def _verificacoes(
        self, colunas: list[list[Any]], n: int
    ) -> Iterable[tuple[tuple[str, Heteroidentificacao], ...]]:
        if not colunas:
            return itertools.repeat((), n)
        grupos = self._verificados
        return [
            tuple((g, _PARECER[v]) for g, v in zip(grupos, vs, strict=True) if v is not None)  # type: ignore[misc]
            for vs in zip(*colunas, strict=True)
        ]

    def indice(self, inscricao: str) -> int | None:
        """A linha do quadro de uma inscrição (o primeiro índice, se repetida).

        Quase toda consulta é de alguém já criado (nomeado, chamado, substituído): esses estão
        em `_parcial`. Para os outros (um evento sobre quem o cursor não alcançou), uma busca
        no quadro; só depois de muitas faltas monta-se o índice inteiro (um dicionário de um
        milhão de chaves custa mais que toda a apuração de um cargo). Num quadro pequeno, o
        índice inteiro sai de uma vez: custa menos que uma busca.
        """
        if self._indice is None and len(self) <= _PEQUENO:
            self._montar_indice()
        if self._indice is not None:
            return self._indice.get(inscricao)
        if self._unicas is None:
            self._unicas = self.primeira_repetida() is None
        if self._unicas and inscricao in self._parcial:
            return self._parcial[inscricao]
        self._faltas += 1
        if self._faltas <= 16 and self._unicas:
            achada = (
                self.quadro.lazy()
                .select(pl.arg_where(pl.col("inscricao") == inscricao).first())
                .pipe(_coletar, self.quadro.height)
                .item()
            )
            if achada is not None:
                self._parcial[inscricao] = int(achada)
            return None if achada is None else int(achada)
        return self._montar_indice().get(inscricao)

    def _montar_indice(self) -> dict[str, int]:
        """`inscrição -> linha` do quadro inteiro (a primeira, se repetida)."""
        inscricoes = self.quadro.get_column("inscricao").to_list()
        indice = dict(zip(inscricoes, range(len(inscricoes)), strict=True))
        if len(indice) != len(inscricoes):  # repetidas: vale a primeira
            indice = {}
            for i, insc in enumerate(inscricoes):
                indice.setdefault(insc, i)
        self._indice = indice
        return indice

    def localizar(self, inscricoes: Iterable[str]) -> None:
        """Prepara, numa busca só, o índice de várias inscrições (as citadas pelos eventos)."""
        procuradas = list(set(inscricoes))
        if not procuradas or self._indice is not None:
            return
        if len(self) <= _PEQUENO:  # (o índice inteiro custa menos que a busca)
            self._montar_indice()
            return
        if self._unicas is None:
            self._unicas = self.primeira_repetida() is None
        if not self._unicas:
            return
        achadas = (
            self.quadro.lazy()
            .with_row_index("_i")
            .filter(pl.col("inscricao").is_in(procuradas))
            .select("inscricao", "_i")
            .pipe(_coletar, self.quadro.height)
        )
        self._parcial.update(
            zip(achadas["inscricao"].to_list(), achadas["_i"].to_list(), strict=True)
        )

    def inscricoes(self, linhas: Sequence[int]) -> list[str]:
        """As inscrições das linhas dadas, sem criar candidatos (a fila da ampla só precisa
        delas); guarda onde cada uma está e o nome, que a nomeação cita. Uma ida ao quadro só
        para as linhas de que nada se sabe."""
        leves, criados = self._leves, self._criados
        faltam = [i for i in linhas if i not in leves and i not in criados]
        if faltam:
            bloco = self.quadro[["inscricao", "nome"]][pl.Series(faltam, dtype=pl.Int64)]
            parcial = self._parcial
            for i, inscricao, nome in zip(
                faltam,
                bloco.get_column("inscricao").to_list(),
                bloco.get_column("nome").to_list(),
                strict=True,
            ):
                leves[i] = (inscricao, nome)
                parcial[inscricao] = i
        return [c.inscricao if (c := criados.get(i)) is not None else leves[i][0] for i in linhas]

    def nome_da_linha(self, i: int) -> str:
        criado = self._criados.get(i)
        if criado is not None:
            return criado.nome
        leve = self._leves.get(i)
        return leve[1] if leve is not None else str(self.quadro.get_column("nome")[i])

    def candidatos_de(self, inscricoes: Iterable[str]) -> dict[str, Candidato]:
        """`inscrição -> candidato` das inscrições dadas que existem, numa busca e numa criação
        só (as inscrições citadas pelos eventos de um cenário)."""
        procuradas = list(dict.fromkeys(inscricoes))
        self.localizar(procuradas)
        linhas = {i: linha for i in procuradas if (linha := self.indice(i)) is not None}
        return dict(zip(linhas, self.materializar(linhas.values()), strict=True))

    def candidato(self, inscricao: str) -> Candidato | None:
        i = self.indice(inscricao)
        return None if i is None else self.materializar([i])[0]

    def linhas_do_cargo(self, cargo: str) -> list[int]:
        """Índices das linhas do cargo, na ordem do arquivo."""
        return (
            self.quadro.with_row_index("_i")
            .filter(pl.col("cargo") == cargo)
            .get_column("_i")
            .to_list()
        )

    def contagem_por_cargo(self) -> dict[str, tuple[int, int | None]]:
        """`cargo -> (quantos, linha do primeiro)`, na ordem em que os cargos aparecem."""
        contagem = (
            self.quadro.lazy()
            .with_row_index("_i")
            .group_by("cargo")  # (sem `maintain_order`, mais barato; ordena-se depois)
            .agg(pl.len(), pl.col("linha").first(), pl.col("_i").first())
            .sort("_i")
            .pipe(_coletar, self.quadro.height)
        )
        return {cargo: (int(n), linha) for cargo, n, linha, _ in contagem.iter_rows()}

    def primeira_fora_dos_cargos(self, cargos: list[str]) -> int | None:
        return self._primeira_linha(~pl.col("cargo").is_in(cargos))

    def decimais(self, colunas: tuple[str, ...]) -> dict[str, pl.Expr]:
        """As colunas de texto decimal como inteiros exatos (`_decimais`), medidas uma vez."""
        if colunas not in self._decimais:
            quadro = self._com_as_colunas(colunas)
            self._decimais[colunas] = _decimais(list(colunas), quadro, self.decimais_conferidos)
        return self._decimais[colunas]

    def _com_as_colunas(self, colunas: Iterable[str]) -> pl.DataFrame:
        """O quadro com as colunas pedidas que ele não tem, vazias."""
        faltam = [c for c in colunas if c not in self.quadro.columns]
        if not faltam:
            return self.quadro
        return self.quadro.with_columns(pl.lit(None, pl.String).alias(c) for c in faltam)

    def primeiros_problemas(
        self, cargos: list[str], decimais: tuple[str, ...] = ()
    ) -> tuple[int | None, int | None]:
        """A primeira linha fora dos cargos e a primeira inscrição repetida, numa busca só; num
        quadro pequeno, na mesma busca, as medidas das colunas `decimais` (as de `decimais`)."""
        if self._repetida_buscada:
            return self.primeira_fora_dos_cargos(cargos), self._repetida
        medir = decimais if len(self) <= _PEQUENO and decimais not in self._decimais else ()
        quadro = self._com_as_colunas(medir)
        fora, repetida, *medidas = (
            quadro.lazy()
            .with_row_index("_i")
            .select(
                pl.col("_i").filter(~pl.col("cargo").is_in(cargos)).min(),
                pl.col("_i").filter(~pl.col("inscricao").is_first_distinct()).min().alias("_r"),
                *_medidas(medir, self.decimais_conferidos),
            )
            .pipe(_coletar, self.quadro.height)
            .row(0)
        )
        if medir:
            conferidos = self.decimais_conferidos
            self._decimais[medir] = _decimais(list(medir), quadro, conferidos, medidas)
        self._repetida, self._repetida_buscada = repetida, True
        return fora, repetida

    def primeira_repetida(self) -> int | None:
        """A primeira linha cuja inscrição já apareceu antes (buscada uma vez só)."""
        if not self._repetida_buscada:
            self._repetida = self._primeira_linha(~pl.col("inscricao").is_first_distinct())
            self._repetida_buscada = True
        return self._repetida

    def coluna_por_inscricao(self, coluna: str) -> Mapping[str, str]:
        """`inscrição -> valor da coluna`, consultado sem criar candidatos."""
        return _ColunaPorInscricao(self, coluna)

    def _primeira_linha(self, condicao: pl.Expr) -> int | None:
        """Índice da primeira linha (ordem do arquivo) que satisfaz a condição."""
        achadas = (
            self.quadro.lazy()
            .with_row_index("_i")
            .filter(condicao)
            .select(pl.col("_i").min())
            .pipe(_coletar, self.quadro.height)
            .item()
        )
        return None if achadas is None else int(achadas)


class _ColunaPorInscricao(Mapping[str, str]):
    def __init__(self, tabela: TabelaCandidatos, coluna: str) -> None:
        self.tabela = tabela
        self.nome = coluna
        self.coluna = tabela.quadro.get_column(coluna)

    def __getitem__(self, inscricao: str) -> str:
        i = self.tabela.indice(inscricao)
        if i is None:
            raise KeyError(inscricao)
        criado = self.tabela._criados.get(i)  # quem é nomeado já foi criado: sem ir ao quadro
        if criado is not None:
            return str(getattr(criado, self.nome))
        return str(self.coluna[i])

    def get(self, inscricao: str, padrao: str | None = None) -> str | None:  # type: ignore[override]
        # (Sem o `get` de Mapping, que passa por __getitem__ e KeyError: uma consulta por
        # nomeação.)
        i = self.tabela.indice(inscricao)
        if i is None:
            return padrao
        if self.nome == "nome":
            return self.tabela.nome_da_linha(i)
        criado = self.tabela._criados.get(i)
        return str(getattr(criado, self.nome)) if criado is not None else str(self.coluna[i])

    def __iter__(self) -> Iterator[str]:
        return iter(self.tabela.quadro.get_column("inscricao").to_list())

    def __len__(self) -> int:
        return len(self.tabela)

    def items(self) -> ItemsView[str, str]:
        return _ItensDaColuna(self)


class _ItensDaColuna(ItemsView[str, str]):
    """Os pares (inscrição, valor) das duas colunas lado a lado, sem uma busca por inscrição
    (a consulta pública percorre o certame inteiro). O candidato criado de uma linha tem os
    mesmos valores da linha: nada a consultar nos já criados."""

    _mapping: _ColunaPorInscricao

    def __iter__(self) -> Iterator[tuple[str, str]]:
        quadro = self._mapping.tabela.quadro
        return zip(
            quadro.get_column("inscricao").to_list(),
            quadro.get_column(self._mapping.nome).cast(pl.String).to_list(),
            strict=True,
        )


# -- ordenação em colunas -------------------------------------------------------------------------
def _decimais(
    colunas: list[str],
    quadro: pl.DataFrame,
    conferidos: bool = False,
    medidas: Sequence[int | None] | None = None,
) -> dict[str, pl.Expr]:
    """Cada coluna de texto decimal como inteiro exato: o valor × 10^escala, com a escala = o
    maior número de casas do arquivo (7,5 e 7,50 viram o mesmo inteiro, como `Decimal` os
    compara). As medidas de todas as colunas saem numa passada só (os nulos não contam).

    A coluna que não cabe em 38 dígitos (ou não é texto decimal canônico) vira o posto de cada
    valor entre os valores dela (`_postos`). `conferidos`: a forma já foi conferida por quem fez
    a tabela. `medidas`: as de `_medidas`, já feitas por quem chama.
    """
    if medidas is None:
        plano = quadro.lazy().select(_medidas(tuple(colunas), conferidos))
        medidas = _coletar(plano, quadro.height, motor="in-memory").row(0)
    valores = [int(v or 0) for v in medidas]
    inteiros_exatos: dict[str, pl.Expr] = {}
    for k, coluna in enumerate(colunas):
        escala, inteiros, estranhos = valores[3 * k : 3 * k + 3]
        if estranhos or escala + inteiros > 38:
            inteiros_exatos[coluna] = _postos(quadro, coluna)
            continue
        inteiros_exatos[coluna] = _inteiro_exato(coluna, escala, escala + inteiros <= 18)
    return inteiros_exatos


# (As expressões das medidas e da conversão, montadas uma vez para cada coluna e escala: num
# certame pequeno, montá-las custa mais que avaliá-las.)
@functools.lru_cache(maxsize=64)
def _medidas(colunas: tuple[str, ...], conferidos: bool) -> tuple[pl.Expr, ...]:
    medidas: list[pl.Expr] = []
    for k, coluna in enumerate(colunas):
        ponto = pl.col(coluna).str.find(".", literal=True)
        tamanho = pl.col(coluna).str.len_bytes()
        canonico = pl.col(coluna).str.contains(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$")
        medidas += [
            (tamanho - ponto - 1).max().alias(f"escala{k}"),
            pl.coalesce(ponto, tamanho).max().alias(f"inteiros{k}"),  # conta o sinal: por cima
            (pl.lit(0) if conferidos else (~canonico).sum()).alias(f"estranhos{k}"),
        ]
    return tuple(medidas)


@functools.lru_cache(maxsize=256)
def _inteiro_exato(coluna: str, escala: int, cabe_em_64_bits: bool) -> pl.Expr:
    # O Decimal do polars guarda o inteiro escalado; ordenar Int64 é mais rápido que Decimal.
    inteiro = pl.col(coluna).cast(pl.Decimal(38, escala)).to_physical()
    return inteiro.cast(pl.Int64) if cabe_em_64_bits else inteiro


def _postos(quadro: pl.DataFrame, coluna: str) -> pl.Expr:
    """A coluna de texto decimal como o posto de cada valor entre os da coluna, comparados como
    `Decimal` (valores iguais, o mesmo posto): a mesma ordem, para os números que não cabem num
    inteiro do polars."""
    textos = quadro.get_column(coluna).drop_nulls().unique().to_list()
    postos: dict[str, int] = {}
    anterior: Decimal | None = None
    posto = -1
    for texto, valor in sorted(((t, Decimal(t)) for t in textos), key=lambda par: par[1]):
        if valor != anterior:
            posto, anterior = posto + 1, valor
        postos[texto] = posto
    return pl.col(coluna).replace_strict(
        list(postos), list(postos.values()), default=None, return_dtype=pl.Int64
    )


def _colunas_decimais(criterios: Sequence[CriterioDesempate]) -> tuple[str, ...]:
    """As colunas de texto decimal que a chave de classificação lê: a nota e os critérios."""
    return ("nota", *(PREFIXO_DESEMPATE + criterio.coluna for criterio in criterios))


def _limite_idoso(dia: date) -> pl.Expr:
    """Idade ≥ 60 em `dia`: nascido até o mesmo dia e mês, 60 anos antes, isto é, (ano, mês,
    dia) do nascimento ≤ (ano − 60, mês, dia) na ordem do calendário.
    Comparado com uma data só (uma comparação de inteiros por linha; extrair ano, mês e dia de
    um milhão de datas custava ~0,03 s). Se `dia` é 29 de fevereiro e o ano de 60 anos antes
    não é bissexto, o último dia que a ordem admite é 28 de fevereiro."""
    ano = dia.year - IDADE_IDOSO
    try:
        limite = dia.replace(year=ano)
    except ValueError:  # 29/02 num ano que não é bissexto
        limite = date(ano, dia.month, 28)
    nasc = pl.col("data_nascimento")
    return nasc.is_not_null() & (nasc <= limite)


def _expressao(componente: Componente, decimais: Mapping[str, pl.Expr], idoso: pl.Expr) -> pl.Expr:
    """O componente da chave de classificação como expressão do polars (antes do sentido, que
    vai para a ordenação)."""
    match componente.valor:
        case Valor.NOTA:
            return decimais["nota"]
        case Valor.IDOSO:
            return idoso.cast(pl.Int8)
        case Valor.NASCIMENTO_DO_IDOSO:
            return pl.when(idoso).then(pl.col("data_nascimento").cast(pl.Int32)).otherwise(0)
        case Valor.TEM_CRITERIO:
            return pl.col(PREFIXO_DESEMPATE + componente.coluna).is_not_null().cast(pl.Int8)
        case Valor.CRITERIO:
            return decimais[PREFIXO_DESEMPATE + componente.coluna].fill_null(0)


def _chaves(
    tabela: TabelaCandidatos,
    criterios: Sequence[CriterioDesempate],
    dia: date,
    linhas: pl.DataFrame | None = None,
) -> list[pl.Expr]:
    """Os componentes da chave de classificação (`_k0`, `_k1`, ...), com as colunas decimais
    medidas uma vez na tabela inteira; ou, se só `linhas` vão ser comparadas (um cargo num
    certame de um milhão, a cada ato), medidas nelas: a ordem e os empates entre elas são os
    mesmos com qualquer escala que caiba os valores comparados, e medir o milhão custava ~50 ms
    por ato."""
    colunas = _colunas_decimais(criterios)
    if linhas is None or 2 * linhas.height >= len(tabela):
        decimais = tabela.decimais(colunas)
    else:
        decimais = _decimais(list(colunas), linhas, tabela.decimais_conferidos)
    idoso = _limite_idoso(dia)
    componentes = chave_de_classificacao(criterios)
    return [_expressao(k, decimais, idoso).alias(f"_k{i}") for i, k in enumerate(componentes)]


@dataclass
class ClassificacaoEmColunas:
    """A ordem e as listas de todos os cargos, calculadas de uma vez.

    `ordem[cargo]`: os índices (na tabela) da lista geral do cargo em ordem de classificação, ou
    o erro do cargo (empate, classificação incompleta); `todos[cargo]`: a mesma ordem com quem a
    comissão eliminou (as razões o citam). `posicao[i]`: a posição da linha i na lista geral do
    seu cargo (-1 se não está em nenhuma). `filtradas[grupo][cargo]`: a lista do grupo (índices)
    e a posição de cada um na geral. `pendentes[cargo]`: quem aguarda a verificação, na ordem.
    `banca`: os cargos ordenados pela classificação da banca.
    """

    ordem: dict[str, Sequence[int] | ErroCotas]
    todos: dict[str, Sequence[int]]
    posicao: Sequence[int]
    filtradas: dict[str, dict[str, tuple[Sequence[int], Sequence[int]]]]
    pendentes: dict[str, Sequence[int]]
    banca: set[str]


# (quadro ordenado, coluna do cargo, nomes dos cargos se a coluna é um código)
_Ordenado = tuple[pl.DataFrame, str, list[str] | None]


def classificar_em_colunas(
    tabela: TabelaCandidatos,
    cargos: Iterable[str],
    dia: date,
    criterios: Sequence[CriterioDesempate],
    regras: Regras,
) -> ClassificacaoEmColunas:
    """A ordem de cada cargo e as suas listas, com o erro do cargo quando a ordem não se decide
    (empate em qualquer ponto da lista, mesmo onde o cursor nunca chegaria)."""
    cargos = list(cargos)
    campos = [
        *(coluna_da_lista(g.nome) for g in regras.grupos),
        reservadas.ELIMINADO,
        reservadas.AGUARDA,
    ]
    resultado: dict[str, Sequence[int] | ErroCotas] = {c: [] for c in cargos}
    aprovados = _aprovados(tabela, cargos, regras, criterios)
    if len(tabela) <= _PEQUENO:
        # Num quadro pequeno, cada ida ao polars custa mais que o trabalho dela: os aprovados já
        # saem ordenados pela chave da lei numa ida só. Se a banca
        # classificou alguém (raro), o quadro segue pelo caminho de sempre, que o reordena.
        chaves = _chaves(tabela, criterios, dia)
        plano = _pela_chave(aprovados.with_columns(chaves), criterios)
        q = _coletar(plano.with_columns(_posicao_no_cargo("cargo")), len(tabela))
        if q.get_column("classificacao").null_count() == q.height:
            _empates(q, _nomes_das_chaves(criterios), resultado)
            return _em_fatias([(q, "cargo", None)], regras, resultado, len(tabela), set())
        q = q.drop("_p")  # (a posição é a da ordem que o caminho de sempre vai dar)
    else:
        q = _coletar(aprovados, len(tabela))
    banca = _cargos_da_banca(q, resultado)
    ordenados: list[_Ordenado] = []

    # Pela classificação da banca: (classificacao, inscricao); posições repetidas são empate.
    if banca:
        qb = q.filter(pl.col("cargo").is_in(list(banca))).sort(
            ["cargo", "classificacao", "inscricao"]
        )
        _empates(qb, ["classificacao"], resultado)
        ordenados.append((qb, "cargo", None))

    # Pela nota e pelos desempates legais: a chave de `classificacao.chave_de_classificacao`,
    # um componente por coluna.
    legais = [c for c in cargos if c not in banca and not isinstance(resultado[c], ErroCotas)]
    if legais:
        # (Sem filtrar quando todos os cargos do quadro são ordenados pela nota, o caso comum.)
        todos = len(legais) == len(set(cargos))  # (o quadro só tem linhas desses cargos)
        ql = q if todos else q.filter(pl.col("cargo").is_in(legais))
        chaves = _chaves(tabela, criterios, dia, ql)
        ordenados.append(_ordenar_pela_lei(ql, q, legais, campos, criterios, chaves, resultado))
    return _em_fatias(ordenados, regras, resultado, len(tabela), banca)


def _aprovados(
    tabela: TabelaCandidatos,
    cargos: list[str],
    regras: Regras,
    criterios: Sequence[CriterioDesempate],
) -> pl.LazyFrame:
    """Os aprovados dos cargos, com o índice na tabela (`_i`), as colunas que a ordem usa e, de
    cada um, as listas em que entra (`cotas.motor.reservadas`); o polars não copia as outras
    colunas ao filtrar. O plano, ainda por executar."""
    desempate = [PREFIXO_DESEMPATE + c.coluna for c in criterios]
    filtro = (pl.col("situacao") == Situacao.APROVADO.value) & pl.col("cargo").is_in(cargos)
    return _com_as_listas(
        tabela.quadro.lazy().with_row_index("_i").filter(filtro),
        tabela.quadro.columns,
        regras,
        desempate,
    ).select(
        "_i",
        "cargo",
        "inscricao",
        "nota",
        "data_nascimento",
        "classificacao",
        *dict.fromkeys(desempate),
        *reservadas.colunas_das_listas(regras),
    )


def _cargos_da_banca(q: pl.DataFrame, resultado: dict[str, Sequence[int] | ErroCotas]) -> set[str]:
    """Os cargos em que a banca classificou todos; o que ela classificou só em parte recebe o
    erro em `resultado`."""
    # Sem nenhuma classificação da banca no quadro (o caso comum), nem é preciso agrupar.
    com_classificacao = q.height - q.get_column("classificacao").null_count()
    modos = (
        q.group_by("cargo").agg(com=pl.col("classificacao").is_not_null().sum(), n=pl.len())
        if com_classificacao
        else None
    )
    banca = set()
    for cargo, com, n in modos.iter_rows() if modos is not None else ():
        if com == n:
            banca.add(cargo)
        elif com:
            resultado[cargo] = ClassificacaoIncompleta(cargo)
    return banca


def _ordenar_pela_lei(
    ql: pl.DataFrame,
    q: pl.DataFrame,
    legais: list[str],
    campos: list[str],
    criterios: Sequence[CriterioDesempate],
    colunas: list[pl.Expr],
    resultado: dict[str, Sequence[int] | ErroCotas],
) -> _Ordenado:
    """Os cargos `legais` ordenados pela chave da lei (`colunas`: os componentes, `_chaves`), com
    os empates em `resultado`."""
    componentes = chave_de_classificacao(criterios)
    chaves = _nomes_das_chaves(criterios)
    descendente = [k.sentido == "maior" for k in componentes]
    if ql.height <= _PEQUENO:  # (num quadro pequeno, a chave empacotada custa mais do que poupa)
        ql = _coletar(_pela_chave(ql.lazy().with_columns(colunas), criterios), ql.height)
        _empates(ql, chaves, resultado)
        return (ql, "cargo", None)
    # Só as colunas que a ordem e o resultado usam; o cargo vira código inteiro (a ordem
    # entre cargos não importa, só o agrupamento). Sem `maintain_order`: chaves inteiras
    # iguais são empate, e empate é erro.
    ql = (
        ql.lazy()
        .select(  # (plano preguiçoso: o polars calcula `idoso` uma vez só)
            "_i",
            "cargo",
            "inscricao",
            *campos,
            pl.col("cargo")
            .replace_strict({c: i for i, c in enumerate(legais)}, return_dtype=pl.UInt32)
            .alias("_cargo"),
            *colunas,
        )
        .pipe(_coletar, ql.height)
    )
    chave = _empacotar(ql, ["_cargo", *chaves], [False, *descendente])
    if chave is not None:
        # Ordena só o que o resultado usa (índice, cargo como código, as condições das
        # reservadas e a chave); os nomes dos cargos e as inscrições, só se houver empate.
        ql = ql.select("_i", "_cargo", *campos, chave.alias("_chave")).sort("_chave")
        _empates(ql, ["_chave"], resultado, ordenado_pela_chave=True, legais=legais, q=q)
        return (ql, "_cargo", legais)
    ql = ql.sort(["_cargo", *chaves], descending=[False, *descendente])
    _empates(ql, chaves, resultado)
    return (ql, "cargo", None)


def _nomes_das_chaves(criterios: Sequence[CriterioDesempate]) -> list[str]:
    """As colunas dos componentes da chave (`_chaves`): `_k0`, `_k1`, ..."""
    return [f"_k{i}" for i in range(len(chave_de_classificacao(criterios)))]


def _pela_chave(plano: pl.LazyFrame, criterios: Sequence[CriterioDesempate]) -> pl.LazyFrame:
    """O plano (com os componentes da chave, `_chaves`) ordenado por cargo e pela chave, coluna
    a coluna."""
    chaves = _nomes_das_chaves(criterios)
    descendente = [k.sentido == "maior" for k in chave_de_classificacao(criterios)]
    return plano.sort(["cargo", *chaves], descending=[False, *descendente])


def _em_fatias(
    ordenados: list[_Ordenado],
    regras: Regras,
    resultado: dict[str, Sequence[int] | ErroCotas],
    n: int,
    banca: set[str],
) -> ClassificacaoEmColunas:
    """A ordem de cada cargo, a de cada lista reservada e a dos pendentes, como fatias dos
    quadros ordenados. Quem a comissão eliminou sai de todas as listas."""
    pares: list[tuple[pl.Series, pl.Series]] = []  # (linhas, posições) de cada quadro ordenado
    filtradas: dict[str, dict[str, tuple[Sequence[int], Sequence[int]]]] = {
        g.nome: {} for g in regras.grupos
    }
    todos: dict[str, Sequence[int]] = {}
    pendentes: dict[str, Sequence[int]] = {}
    listas = [coluna_da_lista(g) for g in filtradas]
    for ordenado, coluna, nomes_cargos in ordenados:
        aguarda = ordenado.get_column(reservadas.AGUARDA)
        if aguarda.any():
            aguardam = _linhas_em(ordenado, aguarda, [coluna, "_i"])
            for cargo, (indices,) in _fatias_por_cargo(aguardam, coluna, nomes_cargos, ["_i"]):
                pendentes[cargo] = indices
        eliminado = ordenado.get_column(reservadas.ELIMINADO)
        eliminados = bool(eliminado.any())
        if eliminados:  # (as razões citam também quem foi eliminado, na ordem de todos)
            for cargo, (indices,) in _fatias_por_cargo(ordenado, coluna, nomes_cargos, ["_i"]):
                todos[cargo] = indices
            ordenado = _linhas_em(ordenado, ~eliminado, [coluna, "_i", *listas])
        # `_p`: a posição na lista geral do cargo (já no quadro quando veio do plano que ordena
        # um quadro pequeno e ninguém foi eliminado). Cada cargo ocupa um trecho contíguo do
        # quadro ordenado: a ordem de cada um é uma fatia da coluna `_i`, que só vira lista do
        # Python quando e onde o cursor a lê.
        if "_p" not in ordenado.columns:
            ordenado = _coletar(
                ordenado.lazy().with_columns(_posicao_no_cargo(coluna)),
                ordenado.height,
                motor="in-memory",
            )
        for cargo, (indices,) in _fatias_por_cargo(ordenado, coluna, nomes_cargos, ["_i"]):
            if not isinstance(resultado.get(cargo), ErroCotas):
                resultado[cargo] = indices
            if not eliminados:
                todos[cargo] = indices
        for grupo, por_cargo in filtradas.items():
            filtrado = _linhas_em(
                ordenado, ordenado.get_column(coluna_da_lista(grupo)), [coluna, "_i", "_p"]
            )
            for cargo, (indices, posicoes) in _fatias_por_cargo(
                filtrado, coluna, nomes_cargos, ["_i", "_p"]
            ):
                if not isinstance(resultado.get(cargo), ErroCotas):
                    por_cargo[cargo] = (indices, posicoes)
        pares.append((ordenado.get_column("_i"), ordenado.get_column("_p")))
    return ClassificacaoEmColunas(
        resultado, todos, _PosicaoPorLinha(n, pares), filtradas, pendentes, banca
    )


def _posicao_no_cargo(coluna: str) -> pl.Expr:
    """`_p`: a posição de cada linha no trecho do seu cargo, num quadro ordenado."""
    return pl.int_range(pl.len(), dtype=pl.Int64).over(coluna).alias("_p")


def _linhas_em(quadro: pl.DataFrame, mascara: pl.Series, colunas: list[str]) -> pl.DataFrame:
    """As colunas pedidas, só nas linhas em que `mascara` vale: coluna a coluna, sem uma consulta
    ao polars (que num quadro pequeno custa mais que o próprio filtro) e sem as outras colunas."""
    return pl.DataFrame([quadro.get_column(c).filter(mascara) for c in colunas])


class _PosicaoPorLinha(Sequence[int]):
    """`linha -> posição na lista geral do seu cargo` (-1 fora de qualquer lista), montada só
    na primeira consulta: quem é lido do topo das listas já traz a sua posição, e esta só serve
    a quem vem de fora delas (um evento sobre alguém lá embaixo, um pendente da comissão)."""

    def __init__(self, n: int, pares: list[tuple[pl.Series, pl.Series]]) -> None:
        self._n = n
        self._pares = pares
        self._indices: Indices | None = None

    def __len__(self) -> int:
        return self._n

    def _montar(self) -> Indices:
        if self._indices is None:
            posicao = (
                pl.Series([-1] * self._n, dtype=pl.Int64)  # (sem uma consulta ao polars)
                if self._n <= _PEQUENO
                else pl.repeat(-1, self._n, dtype=pl.Int64, eager=True)
            )
            for linhas, posicoes in self._pares:
                posicao = posicao.scatter(linhas, posicoes)
            self._indices = Indices(posicao)
        return self._indices

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...
    def __getitem__(self, i: int | slice) -> int | list[int]:
        return self._montar()[i]


class Indices(Sequence[int]):
    """Uma coluna de inteiros do polars vista como sequência do Python, convertida em blocos só
    quando lida: a ordem de um milhão de inscrições não precisa virar um milhão de inteiros do
    Python se o cursor só lê o topo de cada cargo."""

    _BLOCO = 1024

    def __init__(self, serie: pl.Series) -> None:
        self._serie = serie
        self._n = serie.len()
        self._blocos: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return self._n

    @property
    def serie(self) -> pl.Series:
        return self._serie

    def _bloco(self, b: int) -> list[int]:
        bloco = self._blocos.get(b)
        if bloco is None:
            bloco = self._serie.slice(b * self._BLOCO, self._BLOCO).to_list()
            self._blocos[b] = bloco
        return bloco

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...
    def __getitem__(self, i: int | slice) -> int | list[int]:
        if isinstance(i, slice):
            inicio, fim, passo = i.indices(self._n)
            if passo != 1:
                return [self[k] for k in range(inicio, fim, passo)]
            return self._serie.slice(inicio, max(0, fim - inicio)).to_list()
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        return self._bloco(i // self._BLOCO)[i % self._BLOCO]

    def __iter__(self) -> Iterator[int]:
        for b in range(0, self._n, self._BLOCO):
            yield from self._bloco(b // self._BLOCO)


def _fatias_por_cargo(
    ordenado: pl.DataFrame, coluna: str, nomes_cargos: list[str] | None, colunas: list[str]
) -> Iterator[tuple[str, list[Indices]]]:
    """(cargo, a fatia de cada coluna pedida) de um quadro em que cada cargo ocupa um trecho
    contíguo; a coluna do cargo é o nome ou, com `nomes_cargos`, o código (a posição do nome)."""
    series = [ordenado.get_column(c) for c in colunas]
    inicio = 0
    if ordenado.height <= _PEQUENO:  # (contar os trechos no Python custa menos que agrupar)
        trechos = [
            (cargo, len(list(iguais)))
            for cargo, iguais in itertools.groupby(ordenado.get_column(coluna).to_list())
        ]
    else:
        trechos = list(ordenado.group_by(coluna, maintain_order=True).len().iter_rows())
    for cargo, n in trechos:
        nome = cargo if nomes_cargos is None else nomes_cargos[cargo]
        yield nome, [Indices(s.slice(inicio, n)) for s in series]
        inicio += n


def _empacotar(q: pl.DataFrame, colunas: list[str], descendente: list[bool]) -> pl.Expr | None:
    """As colunas inteiras da chave numa só chave UInt64 que ordena igual a elas juntas: cada
    coluna vira `valor - mínimo` (ou `máximo - valor`, se descendente) e ocupa os bits que sua
    faixa pede, a primeira nos bits mais altos. Duas chaves empacotadas são iguais só quando
    todas as colunas são iguais. Ordenar um inteiro é bem mais rápido que ordenar seis colunas.
    None quando não cabe em 63 bits (ou a coluna não é inteira de 64 bits): ordena-se coluna a
    coluna."""
    if q.is_empty() or any(q.schema[c] == pl.Int128 for c in colunas):
        return None
    limites = q.select(
        *(pl.col(c).min().alias(f"min{i}") for i, c in enumerate(colunas)),
        *(pl.col(c).max().alias(f"max{i}") for i, c in enumerate(colunas)),
    ).row(0)
    n = len(colunas)
    chave: pl.Expr = pl.lit(0, dtype=pl.UInt64)
    bits = 0
    for i, (coluna, desc) in enumerate(zip(colunas, descendente, strict=True)):
        minimo, maximo = int(limites[i] or 0), int(limites[n + i] or 0)
        largura = (maximo - minimo).bit_length()
        bits += largura
        if bits > 63:
            return None
        valor = pl.col(coluna).cast(pl.Int64)
        deslocado = (pl.lit(maximo) - valor) if desc else (valor - pl.lit(minimo))
        chave = chave * pl.lit(2**largura, dtype=pl.UInt64) + deslocado.cast(pl.UInt64)
    return chave


def _empates(
    ordenado: pl.DataFrame,
    chaves: list[str],
    resultado: dict[str, Sequence[int] | ErroCotas],
    ordenado_pela_chave: bool = False,
    legais: list[str] | None = None,
    q: pl.DataFrame | None = None,
) -> None:
    """Grupos de inscrições com a mesma chave inteira, na ordem da lista (como `ordenar`).

    `ordenado_pela_chave`: a chave é uma coluna só (a empacotada, que já distingue os cargos)
    e o quadro está ordenado por ela: iguais ficam lado a lado, basta olhar os vizinhos. Nesse
    caso o quadro pode trazer o cargo só como código (`_cargo`, posição em `legais`) e não
    trazer as inscrições: elas vêm de `q` (pelo `_i`) só para os empatados.
    """
    if ordenado_pela_chave:
        (chave,) = chaves
        igual = (pl.col(chave) == pl.col(chave).shift(1)) | (
            pl.col(chave) == pl.col(chave).shift(-1)
        )
        repetido: pl.Expr | pl.Series = igual.fill_null(False)
    else:
        # A mesma chave inteira noutra linha do cargo (o método do quadro, sem montar um plano:
        # num quadro pequeno, bem mais barato).
        repetido = ordenado[["cargo", *chaves]].is_duplicated()
        if not repetido.any():
            return
    repetidos = ordenado.with_row_index("_pos").filter(repetido)
    if repetidos.is_empty():
        return
    if "cargo" not in repetidos.columns and legais is not None and q is not None:
        inscricoes = q.select("_i", "inscricao")
        repetidos = (
            repetidos.join(inscricoes, on="_i", how="left")
            .with_columns(
                pl.col("_cargo")
                .replace_strict(dict(enumerate(legais)), return_dtype=pl.String)
                .alias("cargo")
            )
            .sort("_pos")
        )
    grupos = (
        repetidos.group_by(["cargo", *chaves])
        .agg(pl.col("_pos").min().alias("_primeiro"), pl.col("inscricao").sort())
        .sort("_primeiro")
    )
    por_cargo: dict[str, list[list[str]]] = {}
    for cargo, inscricoes in grupos.select("cargo", "inscricao").iter_rows():
        por_cargo.setdefault(cargo, []).append(list(inscricoes))
    for cargo, lista in por_cargo.items():
        if not isinstance(resultado.get(cargo), ErroCotas):
            resultado[cargo] = EmpateNaoResolvido(cargo, lista, REF_IDOSO.citacao())


# -- listas sob demanda ---------------------------------------------------------------------------
class _Prefixo:
    """Os candidatos de uma ordem de linhas, criados em blocos que dobram, do topo para baixo:
    poucas idas ao quadro, e nunca mais que o dobro do que foi pedido."""

    def __init__(self, tabela: TabelaCandidatos, linhas: Sequence[int]) -> None:
        self.tabela = tabela
        self.linhas = linhas
        self.itens: list[Candidato] = []

    def ate(self, i: int) -> bool:
        """Cria até a posição i; se ela existe."""
        if i >= len(self.itens) and len(self.itens) < len(self.linhas):
            # Primeiro os já criados (a antecipação de `Certame.abrir`), sem ir ao quadro; um
            # bloco novo só quando eles não bastam.
            criados, itens, n = self.tabela._criados, self.itens, len(self.linhas)
            while i >= len(itens) and len(itens) < n:
                ja = len(itens)
                bloco = self.linhas[ja : min(n, max(i + 1, 2 * ja, 16))]
                for linha in bloco:
                    criado = criados.get(linha)
                    if criado is None:
                        break
                    itens.append(criado)
                if i >= len(itens) and len(itens) < ja + len(bloco):
                    itens += self.tabela.materializar(bloco[len(itens) - ja :])
        return i < len(self.itens)


class _SobDemanda(Sequence[Candidato]):
    """Sequência cujos itens são criados à medida que se lê: `_ate(i)` garante (se houver) o
    item i, e `_item(i)` o devolve."""

    def _ate(self, i: int) -> bool:
        raise NotImplementedError

    def _item(self, i: int) -> Candidato:
        raise NotImplementedError

    def inscricao_em(self, i: int) -> str | None:
        return self._item(i).inscricao if i >= 0 and self._ate(i) else None

    def inscricoes(self) -> list[str]:
        return [c.inscricao for c in self]

    @overload
    def __getitem__(self, i: int) -> Candidato: ...
    @overload
    def __getitem__(self, i: slice) -> list[Candidato]: ...
    def __getitem__(self, i: int | slice) -> Candidato | list[Candidato]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if i < 0 or not self._ate(i):
            raise IndexError(i)
        return self._item(i)


class ListaGeral(_SobDemanda):
    """A lista geral de um cargo: a ordem (índices da tabela) é conhecida; os candidatos são
    criados quando alguém os pede, do topo para baixo."""

    def __init__(
        self, tabela: TabelaCandidatos, linhas: Sequence[int], posicao: Sequence[int]
    ) -> None:
        self.tabela = tabela
        self.linhas = linhas
        self._posicao = posicao  # linha da tabela -> posição na geral do seu cargo
        self._prefixo = _Prefixo(tabela, linhas)
        self._posicoes: dict[str, int] = {}  # inscrição -> posição, das já lidas
        self._inscricoes: list[str] = []  # as do topo, lidas sem criar candidatos

    def __len__(self) -> int:
        return len(self.linhas)

    def inscricoes(self) -> list[str]:
        """Todas as inscrições da lista, na ordem, numa ida só ao quadro e sem criar candidatos
        (quem percorre a lista inteira só para saber a posição de cada um)."""
        ordem = self.linhas.serie if isinstance(self.linhas, Indices) else list(self.linhas)
        return self.tabela.quadro.get_column("inscricao").gather(ordem).to_list()

    def inscricao_em(self, i: int) -> str | None:
        """A inscrição na posição i (None além do fim), sem criar o candidato."""
        inscricoes, posicoes, linhas = self._inscricoes, self._posicoes, self.linhas
        if i >= len(linhas):
            return None
        tabela = self.tabela
        leves, criados = tabela._leves, tabela._criados
        while i >= len(inscricoes):
            # Primeiro as já conhecidas (a antecipação de `Certame.abrir`), sem ir ao quadro.
            ja = len(inscricoes)
            bloco = linhas[ja : min(len(linhas), max(i + 1, 2 * ja, 16))]
            for linha in bloco:
                if (leve := leves.get(linha)) is not None:
                    inscricao = leve[0]
                elif (criado := criados.get(linha)) is not None:
                    inscricao = criado.inscricao
                else:
                    break
                posicoes[inscricao] = len(inscricoes)
                inscricoes.append(inscricao)
            if i >= len(inscricoes):
                for lida in tabela.inscricoes(bloco[len(inscricoes) - ja :]):
                    posicoes[lida] = len(inscricoes)
                    inscricoes.append(lida)
        return inscricoes[i]

    def _ate(self, i: int) -> bool:
        existe = self._prefixo.ate(i)
        itens, posicoes = self._prefixo.itens, self._posicoes
        for p in range(len(posicoes), len(itens)):
            posicoes[itens[p].inscricao] = p
        return existe

    def _item(self, i: int) -> Candidato:
        return self._prefixo.itens[i]

    def contem(self, inscricao: str) -> bool:
        return self.posicao_de(inscricao) is not None

    def candidato(self, inscricao: str) -> Candidato | None:
        """O candidato da lista com essa inscrição, criando só ele."""
        linha = self.tabela.indice(inscricao)
        if linha is None:
            return None
        if inscricao not in self._posicoes and self.posicao_da_linha(linha) is None:
            return None  # (quem está em `_posicoes` já se sabe que é desta lista)
        return self.tabela.materializar([linha])[0]

    def posicao_da_linha(self, linha: int) -> int | None:
        p = self._posicao[linha]
        return p if 0 <= p < len(self.linhas) and self.linhas[p] == linha else None

    def posicao_de(self, inscricao: str) -> int | None:
        """Posição (a partir de 0) de uma inscrição nesta lista, sem criar candidatos."""
        ja_lida = self._posicoes.get(inscricao)  # o caso comum: um nomeado, do topo
        if ja_lida is not None:
            return ja_lida
        linha = self.tabela.indice(inscricao)
        return None if linha is None else self.posicao_da_linha(linha)


class ListaReservada(_SobDemanda):
    """Uma lista reservada: as linhas que a classificação em colunas pôs nela, em ordem, com a
    posição de cada uma na lista geral; os candidatos criados à medida que se lê."""

    def __init__(self, geral: ListaGeral, linhas: Sequence[int], posicoes: Sequence[int]) -> None:
        self.geral = geral
        self.linhas = linhas
        self._posicoes = posicoes  # a posição de cada linha na lista geral (crescente)
        self._prefixo = _Prefixo(geral.tabela, linhas)
        self._vistos = 0

    def __len__(self) -> int:
        return len(self.linhas)

    def _ate(self, i: int) -> bool:
        existe = self._prefixo.ate(i)
        itens, na_geral = self._prefixo.itens, self.geral._posicoes
        for p in range(self._vistos, len(itens)):
            # (A posição na geral, que a razão da nomeação cita, já sabida.)
            na_geral.setdefault(itens[p].inscricao, self._posicoes[p])
        self._vistos = len(itens)
        return existe

    def _item(self, i: int) -> Candidato:
        return self._prefixo.itens[i]

    def linhas_ate(self, posicao_na_geral: int, alem: int) -> list[int]:
        """As linhas da lista até a posição dada da lista geral, e mais `alem` depois dela
        (para antecipar a criação dos candidatos que o cursor vai pedir)."""
        corte = bisect.bisect_left(self._posicoes, posicao_na_geral)
        return list(self.linhas[: corte + alem])

    def posicao_de(self, inscricao: str) -> int | None:
        """A posição na lista, pela posição na geral (sem criar candidatos)."""
        linha = self.geral.tabela.indice(inscricao)
        na_geral = None if linha is None else self.geral.posicao_da_linha(linha)
        if na_geral is None:
            return None
        k = bisect.bisect_left(self._posicoes, na_geral)
        return k if k < len(self._posicoes) and self._posicoes[k] == na_geral else None

    def contem(self, inscricao: str) -> bool:
        return self.posicao_de(inscricao) is not None

    def candidato(self, inscricao: str) -> Candidato | None:
        k = self.posicao_de(inscricao)
        return None if k is None else self.geral.tabela.materializar([self.linhas[k]])[0]


class _ObservacoesSobDemanda(Mapping[str, list[Razao]]):
    """As razões das listas de um cargo, escritas na primeira consulta."""

    def __init__(self, calcular: Callable[[], dict[str, list[Razao]]]) -> None:
        self._calcular = calcular
        self._dados: dict[str, list[Razao]] | None = None

    def _obter(self) -> dict[str, list[Razao]]:
        if self._dados is None:
            self._dados = self._calcular()
        return self._dados

    def __getitem__(self, chave: str) -> list[Razao]:
        return self._obter()[chave]

    def __iter__(self) -> Iterator[str]:
        return iter(self._obter())

    def __len__(self) -> int:
        return len(self._obter())


def _listas_do_cargo(
    regras: Regras,
    cargo: str,
    tabela: TabelaCandidatos,
    classificacao: ClassificacaoEmColunas,
    dia: date,
    criterios: Sequence[CriterioDesempate] = (),
) -> Listas:
    """As `Listas` do cargo, sob demanda; o erro de classificação do cargo sai aqui."""
    ordem = classificacao.ordem.get(cargo, [])
    if isinstance(ordem, ErroCotas):
        raise ordem
    geral = ListaGeral(tabela, ordem, classificacao.posicao)
    reservadas_: dict[str, ListaDeClassificacao] = {}
    ordens: list[tuple[str, Sequence[int]]] = [(AMPLA, ordem)]  # as linhas de cada lista
    for g in regras.grupos:
        linhas, posicoes = classificacao.filtradas[g.nome].get(cargo, ([], []))
        reservadas_[g.nome] = ListaReservada(geral, linhas, posicoes)
        ordens.append((g.nome, linhas))
    pendentes = tabela.materializar(classificacao.pendentes.get(cargo, []))
    todos = classificacao.todos.get(cargo, ordem)
    pela_lei = cargo not in classificacao.banca

    @functools.cache
    def pares() -> pl.DataFrame | None:
        return _pares_na_mesma_nota(tabela, todos, dia, criterios) if pela_lei else None

    def observacoes() -> dict[str, list[Razao]]:
        return _observacoes(regras, tabela, todos, pares, criterios)

    @functools.cache
    def desempates() -> pl.DataFrame | None:
        feitos = pares()
        return None if feitos is None else _textos_de_desempate(feitos, criterios)

    def trechos(inicio: int, fim: int | None, lista: str | None) -> list[TrechoDeLista]:
        return _trechos(tabela, ordens, desempates, inicio, fim, lista)

    return Listas(
        cargo, geral, reservadas_, trechos, pendentes, _ObservacoesSobDemanda(observacoes)
    )


def _trechos(
    tabela: TabelaCandidatos,
    listas: list[tuple[str, Sequence[int]]],
    desempates: Callable[[], pl.DataFrame | None],
    inicio: int,
    fim: int | None,
    so: str | None,
) -> list[TrechoDeLista]:
    """As listas (nome, linhas do quadro) de `inicio` a `fim` na sequência publicada (ou, com
    `so`, na lista dela), lidas do quadro numa ida por lista; os textos de desempate só na geral
    (a primeira)."""
    trechos: list[TrechoDeLista] = []
    base = 0  # linhas antes da lista da vez, na sequência publicada
    for nome, linhas in listas:
        if so is not None and nome != so:
            continue  # (com `so`, `inicio` e `fim` contam só na lista dela)
        total = len(linhas)
        de, ate = max(inicio - base, 0), total if fim is None else min(fim - base, total)
        base += total
        if ate <= de:
            continue
        indices = (
            linhas.serie.slice(de, ate - de)
            if isinstance(linhas, Indices)
            else pl.Series(list(linhas[de:ate]), dtype=pl.Int64)
        )
        bloco = tabela.quadro.select("inscricao", "nome", "cpf", "nota")[indices]
        textos = desempates() if nome == AMPLA else None
        if textos is not None:
            bloco = (
                bloco.with_columns(pl.Series("_i", indices, dtype=pl.Int64))
                .join(textos, on="_i", how="left", maintain_order="left")
                .with_columns(pl.col("desempate").fill_null(""))
            )
        colunas = {c: bloco.get_column(c).to_list() for c in bloco.columns}
        trechos.append(
            TrechoDeLista(
                nome,
                de + 1,
                colunas["inscricao"],
                colunas["nome"],
                colunas["cpf"],
                colunas["nota"],
                colunas.get("desempate"),
            )
        )
    return trechos


def _com_as_listas(
    quadro: pl.LazyFrame, colunas: Sequence[str], regras: Regras, desempate: Sequence[str]
) -> pl.LazyFrame:
    """O quadro com as colunas que faltam, a situação em cada grupo e as listas de cada um
    (`cotas.motor.reservadas`)."""
    return quadro.with_columns(
        *reservadas.colunas_que_faltam(colunas, regras),
        *(pl.lit(None, pl.String).alias(d) for d in dict.fromkeys(desempate) if d not in colunas),
    ).with_columns(reservadas.situacao(g).alias(coluna_no_grupo(g.nome)) for g in regras.grupos)


def _pares_na_mesma_nota(
    tabela: TabelaCandidatos,
    todos: Sequence[int],
    dia: date,
    criterios: Sequence[CriterioDesempate],
) -> pl.DataFrame:
    """Na ordem `todos` do cargo (a da lei), cada linha (`_i`) com a inscrição de quem a
    precede (`_anterior`), se os dois têm a mesma nota (`_mesma_nota`) e o índice do primeiro
    componente da chave em que diferem (`_motivo`)."""
    linhas = list(todos)
    desempate = [PREFIXO_DESEMPATE + c.coluna for c in criterios]
    presentes = [d for d in dict.fromkeys(desempate) if d in tabela.quadro.columns]
    # Só as colunas que a chave lê (a nota, o nascimento e os critérios).
    lidas = tabela.quadro.select("inscricao", "nota", "data_nascimento", *presentes)
    do_cargo = lidas[linhas].with_columns(
        pl.Series("_i", linhas, pl.Int64),
        *(pl.lit(None, pl.String).alias(d) for d in dict.fromkeys(desempate) if d not in presentes),
    )
    plano = do_cargo.lazy().with_columns(_chaves(tabela, criterios, dia, do_cargo))
    plano = plano.with_columns(_motivo(len(chave_de_classificacao(criterios))))
    plano = plano.select(
        "_i", pl.col("inscricao").shift(1).alias("_anterior"), "inscricao", "_motivo",
        "_mesma_nota",
    )  # fmt: skip
    return _coletar(plano, len(linhas))


def _textos_de_desempate(
    pares: pl.DataFrame, criterios: Sequence[CriterioDesempate]
) -> pl.DataFrame:
    """O texto das razões de desempate de cada linha (`_i`, `desempate`), como
    `razao_desempate` o escreve: o do par com quem a precede e o do par com quem a segue."""
    componentes = chave_de_classificacao(criterios)
    restos = {i: desempate_explicado(k, componentes)[1] for i, k in enumerate(componentes)}
    texto = pl.when(pl.col("_mesma_nota")).then(
        pl.concat_str(
            pl.col("_anterior"),
            pl.lit(PRECEDE),
            pl.col("inscricao"),
            pl.col("_motivo").fill_null(0).replace_strict(restos, return_dtype=pl.String),
        )
    )
    return pares.select(
        "_i",
        pl.concat_str(texto, texto.shift(-1), separator=" ", ignore_nulls=True)
        .fill_null("")
        .alias("desempate"),
    )


def _observacoes(
    regras: Regras,
    tabela: TabelaCandidatos,
    todos: Sequence[int],
    pares: Callable[[], pl.DataFrame | None],
    criterios: Sequence[CriterioDesempate],
) -> dict[str, list[Razao]]:
    """As razões do cargo, do que as colunas decidiram: cada desempate na mesma nota (`pares`,
    None se a ordem não é a da lei), e quem ficou fora de uma lista, ou só numa, e por quê."""
    linhas = list(todos)
    if not linhas:
        return {}
    observacoes: dict[str, list[Razao]] = {}
    if (feitos := pares()) is not None:
        componentes = chave_de_classificacao(criterios)
        mesma_nota = feitos.filter(pl.col("_mesma_nota"))
        for a, b, i in mesma_nota.select("_anterior", "inscricao", "_motivo").iter_rows():
            razao = razao_desempate(a, b, componentes[i or 0], componentes)
            observacoes.setdefault(a, []).append(razao)
            observacoes.setdefault(b, []).append(razao)
    do_cargo = tabela.quadro[linhas].with_columns(pl.Series("_i", linhas, pl.Int64))
    plano = _com_as_listas(do_cargo.lazy(), tabela.quadro.columns, regras, ())
    q = _coletar(plano.with_columns(reservadas.colunas_das_listas(regras)), len(linhas))
    _fora_das_listas(regras, tabela, q, observacoes)
    return observacoes


def _fora_das_listas(
    regras: Regras, tabela: TabelaCandidatos, q: pl.DataFrame, observacoes: dict[str, list[Razao]]
) -> None:
    """Acrescenta a `observacoes` quem ficou fora da lista de um grupo (sem o critério, não
    reconhecido pela comissão) ou, elegível em vários, numa só, e por quê."""
    grupos = regras.grupos
    situacoes = [coluna_no_grupo(g.nome) for g in grupos]
    explicar = q.filter(
        pl.any_horizontal(
            pl.col(situacoes).is_in([NoGrupo.SEM_CRITERIO.value, NoGrupo.NAO_RECONHECIDO.value])
        )
        | pl.col(reservadas.EM_VARIOS)
    )
    listas = [coluna_da_lista(g.nome) for g in grupos]
    candidatos = tabela.materializar(explicar.get_column("_i").to_list())
    for linha, c in zip(explicar.iter_rows(named=True), candidatos, strict=True):
        for g, codigo in zip(grupos, (linha[s] for s in situacoes), strict=True):
            if codigo == NoGrupo.SEM_CRITERIO:
                observacoes.setdefault(c.inscricao, []).append(razao_sem_o_criterio(g, regras, c))
            elif codigo == NoGrupo.NAO_RECONHECIDO:
                h = c.verificacao(g.nome)
                assert h is not None
                observacoes.setdefault(c.inscricao, []).append(
                    razao_nao_reconhecido(g, regras, c, h)
                )
        if linha[reservadas.EM_VARIOS]:
            elegiveis = [
                g
                for g, s in zip(grupos, situacoes, strict=True)
                if g.declaracao is not None and linha[s] == NoGrupo.NA_LISTA
            ]
            escolhido = next(
                g
                for g, lista in zip(grupos, listas, strict=True)
                if g in elegiveis and linha[lista]
            )
            observacoes.setdefault(c.inscricao, []).append(
                razao_varios_grupos(regras, c, elegiveis, escolhido)
            )


def _motivo(n: int) -> list[pl.Expr]:
    """Sobre os componentes da chave (`_k0`...): se a linha tem a nota da anterior
    (`_mesma_nota`) e o primeiro componente em que difere dela (`_motivo`)."""
    motivo: pl.Expr = pl.lit(None, pl.Int32)
    for i in reversed(range(1, n)):
        k = pl.col(f"_k{i}")
        motivo = pl.when(k.ne_missing(k.shift(1))).then(pl.lit(i, pl.Int32)).otherwise(motivo)
    mesma_nota = (pl.col("_k0") == pl.col("_k0").shift(1)).fill_null(False)
    return [motivo.alias("_motivo"), mesma_nota.alias("_mesma_nota")]


# -- os inscritos em colunas ----------------------------------------------------------------------
# Quantos cargos se ordenam um a um (`classificar_so_o_pedido`) antes de ordenar todos de uma vez:
# quem lê muitos cargos (a situação pública, os documentos) paga uma ordenação só, não uma por
# cargo; um ato, que lê um cargo, não paga a de todos.
_CARGOS_UM_A_UM = 8


class InscritosColunares:
    """Os inscritos de um certame numa `TabelaCandidatos`: as listas de cada cargo ordenadas em
    colunas, de uma vez para todos os cargos, e lidas sob demanda."""

    def __init__(
        self,
        tabela: TabelaCandidatos,
        cargos: Iterable[str],
        dia: date,
        criterios: Sequence[CriterioDesempate] = (),
    ) -> None:
        self.tabela = tabela
        self._cargos = list(cargos)
        self._dia = dia
        self._criterios = criterios
        self._regras: Regras | None = None  # as regras da classificação guardada
        self._classificacao: ClassificacaoEmColunas | None = None
        self._previstos: dict[str, int] = {}  # cargo -> vagas e recomposições previstas
        self._so_o_pedido = False  # (`classificar_so_o_pedido`)
        self._por_cargo: dict[str, ClassificacaoEmColunas] = {}
        self._conferir()
        self._cargo_de = tabela.coluna_por_inscricao("cargo")
        self._nomes = tabela.coluna_por_inscricao("nome")

    def _conferir(self) -> None:
        """Cada inscrição num cargo do certame, nenhuma repetida, no quadro inteiro: vale o
        primeiro problema na ordem do arquivo."""
        tabela = self.tabela
        fora, repetida = tabela.primeiros_problemas(
            self._cargos, _colunas_decimais(self._criterios)
        )
        if fora is not None and (repetida is None or fora <= repetida):
            c = tabela[fora]
            raise EventoInvalido(
                f"Inscrição {c.inscricao}: cargo '{c.cargo}' não existe no certame."
            )
        if repetida is not None:
            raise EventoInvalido(f"Inscrição {tabela[repetida].inscricao} repetida.")

    @property
    def cargo_de(self) -> Mapping[str, str]:
        return self._cargo_de

    @property
    def nomes(self) -> Mapping[str, str]:
        return self._nomes

    def candidato(self, inscricao: str) -> Candidato | None:
        return self.tabela.candidato(inscricao)

    def inscritos_do_cargo(self, cargo: str) -> list[tuple[str, str]]:
        """Só as linhas do cargo, sem passar pelas do certame inteiro (a situação pública de um
        cargo, num certame de um milhão). O nome como em `nomes` (`str` do valor da coluna)."""
        do_cargo = self.tabela.quadro.filter(pl.col("cargo") == cargo)
        nomes = (str(n) for n in do_cargo.get_column("nome").to_list())
        return list(zip(do_cargo.get_column("inscricao").to_list(), nomes, strict=True))

    def classificar_so_o_pedido(self) -> None:
        """Daqui em diante, cada cargo é ordenado só quando as listas dele são pedidas: o livro
        retomado de um estado guardado (`cotas.motor.estado`) lê as de um cargo, não as de
        todos, e ordenar um milhão de linhas para ler um cargo de milhares custaria mais que o
        ato inteiro."""
        self._so_o_pedido = True

    def _classificacao_para(self, regras: Regras, cargo: str) -> ClassificacaoEmColunas:
        """A ordem em colunas que serve ao cargo."""
        if regras is not self._regras:  # (as listas dependem das regras dos grupos)
            self._regras, self._classificacao, self._por_cargo = regras, None, {}
        if (
            self._so_o_pedido
            and self._classificacao is None
            and (cargo in self._por_cargo or len(self._por_cargo) < _CARGOS_UM_A_UM)
        ):
            if cargo not in self._por_cargo:
                self._por_cargo[cargo] = classificar_em_colunas(
                    self.tabela, [cargo], self._dia, self._criterios, regras
                )
            return self._por_cargo[cargo]
        if self._classificacao is None:
            # Todos os cargos de uma vez; o erro de um cargo só sai quando ele é apurado.
            self._classificacao = classificar_em_colunas(
                self.tabela, self._cargos, self._dia, self._criterios, regras
            )
        return self._classificacao

    def listas(self, regras: Regras, cargo: str) -> Listas:
        classificacao = self._classificacao_para(regras, cargo)
        return _listas_do_cargo(
            regras, cargo, self.tabela, classificacao, self._dia, self._criterios
        )

    def prever(self, eventos: Iterable[Evento]) -> None:
        """As inscrições citadas, achadas na tabela numa busca só; e, por cargo, quantos
        candidatos a mais as novas vagas e as recomposições vão chamar (`antecipar`)."""
        eventos = list(eventos)
        self.tabela.localizar(e.inscricao for e in eventos if e.inscricao is not None)
        previstos = self._previstos
        for evento in eventos:
            if evento.tipo is TipoEvento.NOVAS_VAGAS and evento.cargo is not None:
                previstos[evento.cargo] = previstos.get(evento.cargo, 0) + (evento.quantidade or 0)
            elif evento.inscricao is not None and evento.tipo is not TipoEvento.FINAL_DE_FILA:
                cargo = self._cargo_de.get(evento.inscricao)
                if cargo is not None:
                    previstos[cargo] = previstos.get(cargo, 0) + 1

    def antecipar(self, vagas: Mapping[str, int], listas: Callable[[str], Listas]) -> None:
        """Cria numa ida só ao quadro os candidatos que as vagas do edital (e os eventos
        previstos) vão examinar: o topo da lista geral de cada cargo (tantos quantas as vagas)
        e, de cada lista reservada, os que estão nesse topo mais alguns além (a reserva,
        folgada). O que faltar, o cursor ainda cria sob demanda; isto só evita milhares de
        pequenas idas ao quadro."""
        linhas: list[int] = []  # candidatos criados (as listas reservadas os examinam)
        so_inscricao: list[int] = []  # a fila da ampla só precisa da inscrição (e do nome)
        for cargo, n in vagas.items():
            if n <= 0:
                continue
            try:
                do_cargo = listas(cargo)
            except ErroCotas:  # o erro do cargo sai quando ele for apurado, na ordem de sempre
                continue
            quantidade = n + self._previstos.get(cargo, 0)
            if not isinstance(do_cargo.geral, ListaGeral):
                continue
            so_inscricao += do_cargo.geral.linhas[:quantidade]
            for lista in do_cargo.reservadas.values():
                if isinstance(lista, ListaReservada):
                    linhas += lista.linhas_ate(quantidade, quantidade // 4 + 4)
        self.tabela.materializar(sorted(set(linhas)))
        self.tabela.inscricoes(sorted(set(so_inscricao)))


def inscritos_em_colunas(
    candidatos: Iterable[Candidato],
    cargos: Iterable[str],
    dia: date,
    criterios: Sequence[CriterioDesempate],
    regras: Regras,
) -> InscritosColunares:
    """Os inscritos em colunas: a tabela dada, ou a de uma lista de `Candidato` (com as colunas
    dos grupos e dos campos da lei e dos critérios do edital)."""
    if not isinstance(candidatos, TabelaCandidatos):
        lista = list(candidatos)
        desempate = dict.fromkeys(c.coluna for c in criterios)
        for c in lista:
            for nome, _ in c.desempate:
                desempate.setdefault(nome)
        candidatos = TabelaCandidatos.de_candidatos(
            lista,
            tuple(desempate),
            grupos=[g.nome for g in regras.grupos_da_lei],
            campos={
                k.nome: pl.Int64 if k.tipo == "inteiro" else pl.Boolean for k in regras.lei.campos
            },
        )
    return InscritosColunares(candidatos, cargos, dia, criterios)


def montar_listas(
    regras: Regras,
    cargo: str,
    candidatos: Iterable[Candidato],
    data_referencia_idade: date | None = None,
    criterios: Sequence[CriterioDesempate] = (),
) -> Listas:
    """As listas de um cargo (a geral, só com os aprovados, e cada reservada, na mesma ordem
    relativa), pelo mesmo caminho do certame: os candidatos em colunas."""
    dia = data_referencia_idade or regras.data_edital
    return inscritos_em_colunas(candidatos, [cargo], dia, criterios, regras).listas(regras, cargo)
