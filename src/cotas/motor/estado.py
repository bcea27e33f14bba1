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
selo que quem lê o banco não forja (a web sela com a chave do ambiente: `cotas_web.estado`).
"""

from __future__ import annotations

import functools
import io
import pickle
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from cotas.motor.candidatos import Candidato
from cotas.motor.certame import ApuracaoCargo, Certame, ParametrosCertame, Publicada
from cotas.motor.listas import ListaAdiada, ListaDeClassificacao
from cotas.motor.regras import AMPLA, Regras

# A forma do estado: muda quando muda o que o livro guarda (um estado de outra forma não se
# retoma; quem o guardou reencena).
FORMA = 1


class EstadoIncompativel(ValueError):
    """O estado guardado não é desta forma do livro: reencene."""


def guardar(certame: Certame) -> bytes:
    """O estado do livro, em bytes."""
    saida = io.BytesIO()
    guardador = _Guardador(saida, certame)
    guardador.dump((FORMA, certame.aberto, certame.ultimo_evento, certame._apuracoes))
    return saida.getvalue()


def retomar(
    estado: bytes,
    regras: Regras,
    cargos: Mapping[str, int],
    candidatos: Iterable[Candidato],
    validade_ate: date | None = None,
    parametros: ParametrosCertame | None = None,
    publicadas: Mapping[str, Iterable[Publicada]] | None = None,
) -> Certame:
    """O certame com o livro do estado guardado, pronto para os eventos seguintes. Os dados são
    os mesmos com que o estado foi guardado (quem guarda confere: `cotas_web.estado`)."""
    certame = Certame(
        regras,
        cargos,
        candidatos,
        validade_ate,
        parametros or ParametrosCertame(),
        publicadas or {},
    )
    certame._inscritos.classificar_so_o_pedido()
    retomador = _Retomador(io.BytesIO(estado), certame)
    try:
        forma, aberto, ultimo, apuracoes = retomador.load()
    except (pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError) as erro:
        raise EstadoIncompativel(f"estado ilegível: {erro}") from erro
    if forma != FORMA:
        raise EstadoIncompativel(f"estado da forma {forma}; esta é a {FORMA}")
    for cargo, ap in apuracoes.items():
        ap._montar_listas = functools.partial(certame._inscritos.listas, regras, cargo)
    certame.aberto = aberto
    certame.ultimo_evento = ultimo
    certame._apuracoes = apuracoes
    return certame


class _Guardador(pickle.Pickler):
    """Guarda o livro; o que se refaz dos dados vai como referência (`persistent_id`)."""

    def __init__(self, arquivo: io.BytesIO, certame: Certame) -> None:
        super().__init__(arquivo, protocol=pickle.HIGHEST_PROTOCOL)
        ids: dict[int, tuple[str, ...]] = {}
        regras = certame.regras
        ids[id(regras)] = ("regras",)
        ids[id(regras.grupos)] = ("grupos",)
        for grupo in regras.grupos:
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
                return next(g for g in certame.regras.grupos if g.nome == nome)
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
    listas = ap.listas
    return listas.geral if nome == AMPLA else listas.reservadas[nome]


def reconhecer_publicadas(certame: Certame) -> bool:
    """O livro retomado diante dos atos publicados de agora (`Certame.publicadas`): cada
    nomeação publicada depois de guardado o estado passa à forma publicada, como a reencenação a
    daria; False se os atos não são os que deram o livro (reencene: um ato foi tornado sem
    efeito, ou publicou o que o livro não tem)."""
    if any(cargo not in certame._apuracoes for cargo, atos in certame.publicadas.items() if atos):
        return False
    return all(ap.reconhecer_publicadas() for ap in certame._apuracoes.values())
