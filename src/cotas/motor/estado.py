"""O livro de um certame guardado e retomado: um ato novo se aplica ao estado do último, sem
reencenar o certame desde o edital (issue "atos são fatos").

O estado é o livro (`Certame`: aberto, data do último evento; de cada cargo já apurado, o plano de
vagas, as filas com os cursores e o trecho já lido, as nomeações, as ocorrências, quem saiu), sem
o que se refaz dos dados a cada pedido: as regras, os parâmetros, os candidatos, as listas e as
nomeações publicadas. Quem retoma os dá de novo; as listas de cada cargo só são montadas quando
um evento as lê (`ListaAdiada`), e um cargo que nenhum evento toca nem as monta.

Retomar e aplicar os eventos seguintes dá o mesmo livro que reencenar tudo
(`tests/motor/test_estado.py`, uma propriedade do hypothesis). A reencenação desde o edital
continua sendo a prova: quem confere o registro de auditoria reencena.

A forma é a do `pickle` da biblioteca padrão (o livro tem dezenas de tipos, partilha as razões
entre as vagas e muda com o motor): retome só o que o próprio sistema guardou, conferido por um
selo que quem lê o banco não forja (a web sela com a chave do ambiente: `cotas_web.ponte.estado`).
"""

from __future__ import annotations

import functools
import io
import pickle
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from cotas.motor.candidatos import Candidato
from cotas.motor.certame import ApuracaoCargo, Certame, ParametrosCertame, Publicada
from cotas.motor.listas import ListaAdiada, ListaDeClassificacao
from cotas.motor.regras import Regras

# A forma do estado: muda quando muda o que o livro guarda (um estado de outra forma não se
# retoma; quem o guardou reencena).
FORMA = 2


class EstadoIncompativel(ValueError):
    """O estado guardado não serve (de outra forma do livro, ilegível, ou feito antes de atos
    publicados que ele não tem): reencene."""


@dataclass(frozen=True)
class Guardado:
    """O livro em partes: o do certame (aberto, data do último evento, os cargos do livro) e o
    de cada cargo, à parte, para que um ato leia só o do cargo que ele toca."""

    livro: bytes
    cargos: dict[str, bytes]


def guardar(certame: Certame, cargos: Iterable[str] | None = None) -> Guardado:
    """O estado do livro: o do certame e o de cada cargo em `cargos` (None: todos os que estão
    na memória; os de um livro retomado que nenhum evento leu continuam os guardados antes)."""
    no_livro = sorted(set(certame._apuracoes) | certame._no_livro)
    livro = pickle.dumps((FORMA, certame.aberto, certame.ultimo_evento, no_livro))
    escolhidos = certame._apuracoes if cargos is None else cargos
    partes = {}
    for cargo in escolhidos:
        if cargo in certame._apuracoes:
            saida = io.BytesIO()
            _Guardador(saida, certame).dump(certame._apuracoes[cargo])
            partes[cargo] = saida.getvalue()
    return Guardado(livro, partes)


def carregados(certame: Certame) -> list[str]:
    """Os cargos cujo livro está na memória (lidos do estado ou apurados agora)."""
    return list(certame._apuracoes)


def retomar(
    livro: bytes,
    carregar: Callable[[str], bytes],
    regras: Regras,
    cargos: Mapping[str, int],
    candidatos: Iterable[Candidato],
    validade_ate: date | None = None,
    parametros: ParametrosCertame | None = None,
    publicadas: Mapping[str, Iterable[Publicada]] | None = None,
) -> Certame:
    """O certame com o livro guardado, pronto para os eventos seguintes: o do certame agora, o
    de cada cargo quando for pedido (`carregar(cargo)` dá os bytes guardados dele). Os dados
    são os mesmos com que o estado foi guardado (quem guarda confere: `cotas_web.ponte.estado`).

    O livro de um cargo lido passa os atos publicados depois de guardado à forma publicada
    (`ApuracaoCargo.reconhecer_publicadas`); se eles não são os do livro, `EstadoIncompativel`
    (quem retoma confere antes, com `carregar_cargos`, os cargos cujos atos mudaram)."""
    certame = Certame(
        regras,
        cargos,
        candidatos,
        validade_ate,
        parametros or ParametrosCertame(),
        publicadas or {},
    )
    certame._inscritos.classificar_so_o_pedido()
    try:
        forma, aberto, ultimo, no_livro = pickle.loads(livro)
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError) as erro:
        raise EstadoIncompativel(f"estado ilegível: {erro}") from erro
    if forma != FORMA:
        raise EstadoIncompativel(f"estado da forma {forma}; esta é a {FORMA}")
    certame.aberto = aberto
    certame.ultimo_evento = ultimo
    certame._no_livro = frozenset(no_livro)

    def guardada(cargo: str) -> ApuracaoCargo | None:
        return _carregar(certame, cargo, carregar) if cargo in no_livro else None

    certame._guardadas = guardada
    return certame


def carregar_cargos(certame: Certame, cargos: Iterable[str]) -> None:
    """Lê já o livro dos cargos dados (os de atos publicados depois de guardado o estado):
    `EstadoIncompativel` se os atos de agora não são os do livro."""
    for cargo in cargos:
        if cargo in certame.cargos:
            certame._apuracao(cargo)


def _carregar(certame: Certame, cargo: str, carregar: Callable[[str], bytes]) -> ApuracaoCargo:
    try:
        ap = _Retomador(io.BytesIO(carregar(cargo)), certame).load()
    except (pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError) as erro:
        raise EstadoIncompativel(f"estado do cargo {cargo} ilegível: {erro}") from erro
    if not isinstance(ap, ApuracaoCargo):
        raise EstadoIncompativel(f"estado do cargo {cargo} ilegível")
    ap._montar_listas = functools.partial(certame._inscritos.listas, certame.regras, cargo)
    if not ap.reconhecer_publicadas():
        raise EstadoIncompativel(f"os atos publicados do cargo {cargo} não são os do livro")
    return ap


class _Guardador(pickle.Pickler):
    """Guarda o livro; o que se refaz dos dados vai como referência (`persistent_id`)."""

    def __init__(self, arquivo: io.BytesIO, certame: Certame) -> None:
        super().__init__(arquivo, protocol=pickle.HIGHEST_PROTOCOL)
        ids: dict[int, tuple[str, ...]] = {}
        regras = certame.regras
        ids[id(regras)] = ("regras",)
        ids[id(regras.grupos)] = ("grupos",)
        for grupo in (*regras.grupos, *regras.conjuntas):
            ids[id(grupo)] = ("grupo", grupo.nome)
        ids[id(certame.parametros)] = ("parametros",)
        ids[id(certame._inscritos.nomes)] = ("nomes",)
        memoria = certame._memoria_dos_planos
        ids[id(memoria.primeiros_lotes)] = ("memoria", "primeiros_lotes")
        ids[id(memoria.devidas)] = ("memoria", "devidas")
        ids[id(memoria.decisoes)] = ("memoria", "decisoes")
        for cargo, ap in certame._apuracoes.items():
            # (As listas e quem as monta voltam como None; `retomar` põe quem as monta.)
            for montado in (ap._listas, ap._montar_listas):
                if montado is not None:
                    ids[id(montado)] = ("nada",)
            ids[id(ap.publicadas)] = ("publicadas", cargo)
            for nome, fila in ap.filas.items():
                ids[id(fila.lista)] = ("lista", cargo, nome)
        self._ids = ids

    def persistent_id(self, obj: Any) -> tuple[str, ...] | None:
        return self._ids.get(id(obj))


class _Retomador(pickle.Unpickler):
    """Retoma o livro com os dados do certame novo no lugar das referências."""

    def __init__(self, arquivo: io.BytesIO, certame: Certame) -> None:
        super().__init__(arquivo)
        self._certame = certame

    def persistent_load(self, pid: Any) -> Any:
        certame = self._certame
        memoria = certame._memoria_dos_planos
        match pid:
            case ("regras",):
                return certame.regras
            case ("grupos",):
                return certame.regras.grupos
            case ("grupo", nome):
                return certame.regras.grupo(nome)
            case ("parametros",):
                return certame.parametros
            case ("nomes",):
                return certame._inscritos.nomes
            case ("memoria", campo):
                return getattr(memoria, campo)
            case ("nada",):
                return None
            case ("publicadas", cargo):
                return {(p.vaga, p.ocupacao): p for p in certame.publicadas.get(cargo, ())}
            case ("lista", cargo, nome):
                return ListaAdiada(lambda: _lista(certame._apuracoes[cargo], nome))
        raise pickle.UnpicklingError(f"referência desconhecida no estado: {pid!r}")


def _lista(ap: ApuracaoCargo, nome: str) -> ListaDeClassificacao:
    return ap.lista_da_fila(nome)
