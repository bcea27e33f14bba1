"""As nomeações publicadas por portaria, como o motor as recebe (`cotas.motor.certame.Publicada`):
atos em vigor que ocupam as suas vagas como foram publicados, qualquer que seja a classificação
de hoje (docs/INTERPRETACAO.md#atos-publicados)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from cotas.motor.certame import Publicada
from cotas_web.ponte import estado

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes.models import Nomeacao

__all__ = ["PublicadasDoBanco", "nomeacoes_publicadas", "resumos_das_publicadas"]


def _linhas_publicadas(certame: Certame, cargo: str | None = None) -> QuerySet[Nomeacao]:
    """As nomeações em vigor (confirmadas por portaria), em cada vaga na ordem em que foram
    feitas: de todos os cargos ou de um."""
    from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao

    linhas = Nomeacao.objects.filter(cargo__certame=certame)
    if cargo is not None:
        linhas = linhas.filter(cargo__codigo=cargo)
    return linhas.exclude(situacao=SituacaoNomeacao.SEM_EFEITO).order_by(  # (não é mais ato)
        "cargo__codigo", "vaga", "ordem", "pk"
    )


def nomeacoes_publicadas(certame: Certame, cargo: str) -> list[Publicada]:
    """As nomeações confirmadas por portaria do cargo, como o motor as recebe
    (`cotas.motor.certame.Publicada`): atos em vigor que nenhuma reencenação refaz
    (docs/INTERPRETACAO.md#atos-publicados)."""
    saida: list[Publicada] = []
    ocupacoes: dict[int, int] = {}
    linhas = _linhas_publicadas(certame, cargo).values_list(
        "vaga", "candidato__inscricao", "modalidade", "razao", "portaria", "data_portaria"
    )
    for vaga, inscricao, lista, razao, portaria, dia in linhas:
        ocupacao = ocupacoes.get(vaga, 0)
        ocupacoes[vaga] = ocupacao + 1
        ato = f"Portaria nº {portaria}, de {dia:%d/%m/%Y}"
        saida.append(Publicada(vaga, inscricao, lista, razao, ocupacao, ato, dia))
    return saida


class PublicadasDoBanco(Mapping[str, list[Publicada]]):
    """As nomeações publicadas de cada cargo, lidas do banco quando o motor pede as de um cargo
    (um ato lê as do cargo que toca, não as de todos)."""

    def __init__(self, certame: Certame, cargos: list[str]) -> None:
        self._certame = certame
        self._cargos = cargos
        self._lidas: dict[str, list[Publicada]] = {}

    def __getitem__(self, cargo: str) -> list[Publicada]:
        if cargo not in self._cargos:
            raise KeyError(cargo)
        if cargo not in self._lidas:
            self._lidas[cargo] = nomeacoes_publicadas(self._certame, cargo)
        return self._lidas[cargo]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cargos)

    def __len__(self) -> int:
        return len(self._cargos)


def resumos_das_publicadas(certame: Certame) -> dict[str, str]:
    """De cada cargo com nomeações em vigor, o resumo delas (quem, que vaga, que lista, que
    portaria): o livro guardado de um cargo cujo resumo mudou é conferido com os atos de agora.
    O texto publicado não entra: um ato nunca é reescrito, só tornado sem efeito."""
    por_cargo: dict[str, list[tuple[object, ...]]] = {}
    for cargo, *resto in _linhas_publicadas(certame).values_list(
        "cargo__codigo", "pk", "vaga", "candidato__inscricao", "modalidade", "portaria",
        "data_portaria",
    ):  # fmt: skip
        por_cargo.setdefault(cargo, []).append(tuple(resto))
    return {cargo: estado.resumo(linhas) for cargo, linhas in por_cargo.items()}
