"""As listas de classificação como o livro do certame as lê, e os inscritos de onde elas saem.

Uma forma decide: a em colunas (`cotas.motor.colunar`), de dez inscrições ou de milhões, em
que só o topo de cada lista é lido. O livro (`cotas.motor.certame`) só conhece os protocolos
daqui: nunca pergunta que forma tem nas mãos.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, overload, runtime_checkable

from cotas.motor.candidatos import Candidato

if TYPE_CHECKING:
    from cotas.motor.classificacao import Listas
    from cotas.motor.eventos import Evento
    from cotas.motor.regras import Regras


@runtime_checkable
class ListaDeClassificacao(Protocol):
    """Uma lista de classificação, em ordem. Quem a quer inteira (os documentos) a lê como
    sequência de `Candidato`; o livro lê só o topo, pela inscrição."""

    def __len__(self) -> int: ...

    @overload
    def __getitem__(self, i: int) -> Candidato: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Candidato]: ...

    def __iter__(self) -> Iterator[Candidato]: ...

    def inscricao_em(self, i: int) -> str | None:
        """A inscrição na posição i (a partir de 0); None além do fim."""
        ...

    def posicao_de(self, inscricao: str) -> int | None:
        """A posição (a partir de 0) da inscrição nesta lista; None se não está nela."""
        ...

    def contem(self, inscricao: str) -> bool: ...

    def candidato(self, inscricao: str) -> Candidato | None:
        """O candidato desta lista com a inscrição dada (None se não está nela)."""
        ...

    def inscricoes(self) -> list[str]:
        """Todas as inscrições, em ordem."""
        ...


@runtime_checkable
class Inscritos(Protocol):
    """Os inscritos de um certame (já conferidos: cada um num cargo do certame, nenhuma inscrição
    repetida), de onde saem as listas de cada cargo."""

    @property
    def cargo_de(self) -> Mapping[str, str]:
        """`inscrição -> cargo`, de todos os inscritos, na ordem do arquivo."""
        ...

    @property
    def nomes(self) -> Mapping[str, str]:
        """`inscrição -> nome`."""
        ...

    def candidato(self, inscricao: str) -> Candidato | None:
        """O inscrito, aprovado ou não."""
        ...

    def inscritos_do_cargo(self, cargo: str) -> list[tuple[str, str]]:
        """(inscrição, nome) dos inscritos do cargo, na ordem do arquivo."""
        ...

    def listas(self, regras: Regras, cargo: str) -> Listas:
        """As listas do cargo, ordenadas pelos critérios completos; o erro de classificação do
        cargo (empate, classificação incompleta) sai aqui."""
        ...

    def prever(self, eventos: Iterable[Evento]) -> None:
        """Os eventos que virão: a forma em colunas prepara de uma vez os candidatos que eles vão
        chamar. Não muda nenhum resultado."""
        ...

    def classificar_so_o_pedido(self) -> None:
        """Daqui em diante, ordena cada cargo só quando as listas dele são pedidas (o livro
        retomado de um estado guardado lê as de um cargo só). Não muda nenhum resultado."""
        ...

    def antecipar(self, vagas: Mapping[str, int], listas: Callable[[str], Listas]) -> None:
        """Antes de oferecer as vagas do edital (`vagas` por cargo): a forma em colunas cria numa
        ida só os candidatos que elas vão examinar. Não muda nenhum resultado."""
        ...


class Fila:
    """Uma lista de classificação percorrida com cursor: só o topo é examinado.

    A fila só lê da lista o que o cursor alcança, e nunca pergunta o tamanho; `itens` e `posicao`
    cobrem o trecho já lido (com quem pediu final de fila movido para o fim).
    """

    def __init__(self, lista: ListaDeClassificacao) -> None:
        self._lista = lista
        self._esgotada = False
        self.itens: list[str | None] = []
        self.cursor = 0
        self.posicao: dict[str, int] = {}

    @property
    def lista(self) -> ListaDeClassificacao:
        return self._lista

    def _existe(self, i: int) -> bool:
        """Se há item na posição i, lendo da lista o que faltar."""
        while i >= len(self.itens) and not self._esgotada:
            inscricao = self._lista.inscricao_em(len(self.itens))
            if inscricao is None:
                self._esgotada = True
                break
            self.posicao[inscricao] = len(self.itens)
            self.itens.append(inscricao)
        return i < len(self.itens)

    def _ler_tudo(self) -> None:
        while self._existe(len(self.itens)):
            pass

    def proximo(self, indisponivel: set[str], tambem: set[str] | None = None) -> str | None:
        """O mais bem classificado disponível; avança o cursor sobre os que nunca voltam."""
        i = self.cursor
        while self._existe(i):
            insc = self.itens[i]
            if insc is None or insc in indisponivel:
                if i == self.cursor:
                    self.cursor += 1
                i += 1
                continue
            if tambem and insc in tambem:
                i += 1
                continue
            return insc
        return None

    def primeiros(self, n: int, indisponivel: set[str]) -> list[str]:
        """Os n mais bem classificados disponíveis, numa passada só: o mesmo que n chamadas a
        `proximo`, cada uma sem os já devolvidos (que não voltariam a ser examinados a cada
        vaga de um lote grande)."""
        saida: list[str] = []
        i = self.cursor
        itens = self.itens
        while len(saida) < n:
            if i >= len(itens):
                self._existe(i + n - len(saida) - 1)  # lê adiante, de uma vez, o que falta
                if i >= len(itens):
                    break
            insc = itens[i]
            if insc is None or insc in indisponivel:
                if i == self.cursor:
                    self.cursor += 1
            else:
                saida.append(insc)
            i += 1
        return saida

    def mover_para_o_fim(self, inscricao: str) -> None:
        self._ler_tudo()  # "o fim" é depois do último da lista inteira
        i = self.posicao.get(inscricao)
        if i is None:
            return
        self.itens[i] = None
        self.posicao[inscricao] = len(self.itens)
        self.itens.append(inscricao)

    def __contains__(self, inscricao: str) -> bool:
        if inscricao in self.posicao or self._esgotada:
            return inscricao in self.posicao
        return self._lista.contem(inscricao)


class ListaAdiada:
    """Uma lista de classificação que só é montada quando alguém a lê: a de um livro retomado de
    um estado guardado (`cotas.motor.estado`), em que a fila já leu o topo e um evento pode nunca
    precisar do resto."""

    def __init__(self, montar: Callable[[], ListaDeClassificacao]) -> None:
        self._montar = montar
        self._lista: ListaDeClassificacao | None = None

    @property
    def montada(self) -> ListaDeClassificacao:
        if self._lista is None:
            self._lista = self._montar()
        return self._lista

    def __len__(self) -> int:
        return len(self.montada)

    @overload
    def __getitem__(self, i: int) -> Candidato: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Candidato]: ...
    def __getitem__(self, i: int | slice) -> Candidato | Sequence[Candidato]:
        return self.montada[i]

    def __iter__(self) -> Iterator[Candidato]:
        return iter(self.montada)

    def inscricao_em(self, i: int) -> str | None:
        return self.montada.inscricao_em(i)

    def posicao_de(self, inscricao: str) -> int | None:
        return self.montada.posicao_de(inscricao)

    def contem(self, inscricao: str) -> bool:
        return self.montada.contem(inscricao)

    def candidato(self, inscricao: str) -> Candidato | None:
        return self.montada.candidato(inscricao)

    def inscricoes(self) -> list[str]:
        return self.montada.inscricoes()


class ListaConjunta:
    """A lista de uma reserva conjunta do edital (`cotas.motor.regras_do_edital`): os candidatos
    das listas dos grupos que ela junta, uma vez cada, na ordem da lista geral. Montada aos
    poucos, do topo de cada lista: o livro só lê o topo."""

    def __init__(self, geral: ListaDeClassificacao, membros: Sequence[ListaDeClassificacao]):
        self._geral = geral
        self._membros = list(membros)
        self._cursores = [0] * len(self._membros)
        self._itens: list[str] = []
        self._posicoes: dict[str, int] = {}
        self._esgotada = False

    def _ler_ate(self, i: int) -> bool:
        """Se há item na posição i, lendo das listas dos grupos o que faltar."""
        while i >= len(self._itens) and not self._esgotada:
            melhor: tuple[int, int, str] | None = None
            for m, lista in enumerate(self._membros):
                while (insc := lista.inscricao_em(self._cursores[m])) in self._posicoes:
                    self._cursores[m] += 1  # (já está na conjunta, por outro grupo)
                if insc is None:
                    continue
                posicao = self._geral.posicao_de(insc)
                assert posicao is not None  # (toda lista reservada sai da geral)
                if melhor is None or posicao < melhor[0]:
                    melhor = (posicao, m, insc)
            if melhor is None:
                self._esgotada = True
                break
            _, m, insc = melhor
            self._cursores[m] += 1
            self._posicoes[insc] = len(self._itens)
            self._itens.append(insc)
        return i < len(self._itens)

    def _tudo(self) -> list[str]:
        while self._ler_ate(len(self._itens)):
            pass
        return self._itens

    def __len__(self) -> int:
        return len(self._tudo())

    @overload
    def __getitem__(self, i: int) -> Candidato: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Candidato]: ...
    def __getitem__(self, i: int | slice) -> Candidato | Sequence[Candidato]:
        if isinstance(i, slice):
            return [self._candidato(x) for x in self._tudo()[i]]
        return self._candidato(self._tudo()[i])

    def _candidato(self, inscricao: str) -> Candidato:
        c = self._geral.candidato(inscricao)
        assert c is not None
        return c

    def __iter__(self) -> Iterator[Candidato]:
        return iter([self._candidato(x) for x in self._tudo()])

    def inscricao_em(self, i: int) -> str | None:
        return self._itens[i] if i >= 0 and self._ler_ate(i) else None

    def posicao_de(self, inscricao: str) -> int | None:
        if inscricao not in self._posicoes and self.contem(inscricao):
            self._tudo()
        return self._posicoes.get(inscricao)

    def contem(self, inscricao: str) -> bool:
        return inscricao in self._posicoes or any(m.contem(inscricao) for m in self._membros)

    def candidato(self, inscricao: str) -> Candidato | None:
        return self._geral.candidato(inscricao) if self.contem(inscricao) else None

    def inscricoes(self) -> list[str]:
        return list(self._tudo())
