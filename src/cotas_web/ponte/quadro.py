"""O quadro dos candidatos de um certame guardado em disco, cargo a cargo, para que um ato não
releia do banco um milhão de linhas a cada pedido (issue "atos são fatos").

As chaves são as marcas de versão dos candidatos, que os gatilhos do banco renovam, com uma marca
aleatória, na mesma transação de qualquer mudança nos candidatos (`candidatos.versao`): a do
certame (`VersaoCandidatos`) e a de cada cargo (`VersaoDoCargo`). Nenhum caminho de escrita as
esquece, uma transação desfeita não as deixa, e uma cópia de segurança restaurada traz as marcas
do conteúdo dela.

Cada cargo tem o seu quadro, guardado com a marca do cargo: uma correção muda um cargo, e o ato
seguinte relê do banco só os candidatos dele e grava só o quadro dele (num certame de um milhão,
~5 mil linhas, não o milhão); se o ato disse quais linhas mudou (`mudancas`), só elas. O quadro
do certame lido inteiro do banco vem na ordem do arquivo importado; juntado dos cargos, vem cargo
a cargo, na ordem dos códigos, e dentro de cada um na do arquivo (ninguém lê a ordem entre
cargos: o livro conta posições nas listas, nunca linhas do quadro).

Um quadro só vai ao disco fora de um ato (fora de uma transação), lido entre duas leituras iguais
das marcas; dentro de um ato, fica na memória do processo, com a marca nova (aleatória: desfeito
o ato, ela nunca volta) e vai ao disco na primeira leitura fora de um ato que ainda a encontre no
banco. Quem confere o registro de auditoria (`verificar_auditoria`) lê sempre do banco.

Os arquivos ficam em `ARQUIVOS_PRIVADOS/quadros/<certame>/<forma>/<cargo>__<marca>.arrow`, no
formato Arrow IPC (a forma: as colunas dos grupos da lei e os critérios de desempate; forma e
cargo pelo resumo SHA-256 do texto deles); os de marcas antigas são apagados quando um novo é
gravado.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl
from django.conf import settings
from django.db import connection, transaction

from cotas_web.ponte import mudancas
from cotas_web.ponte.marcas import marca, marcas_dos_cargos

_SEPARADOR = "__"  # entre o cargo e a marca no nome do arquivo (a marca do PostgreSQL tem "-")

# Lê do banco os candidatos dos cargos dados (None: de todos), num quadro.
MontarCargos = Callable[[Sequence[str] | None], pl.DataFrame]
# Lê do banco as linhas dos candidatos dados (pelo id), num quadro da mesma forma.
MontarLinhas = Callable[[Sequence[int]], pl.DataFrame]


@dataclass(frozen=True)
class Guardado:
    """Os quadros de cargos de um certame numa forma (`cargos`: talvez só alguns), conferidos
    com as marcas do banco: `marca`, a do certame, e `marcas`, a de cada cargo (de todos). Com a
    marca do certame ainda no banco, nenhum candidato mudou desde então. `fora_do_disco`: os
    cargos lidos num ato, ainda não gravados."""

    marca: str
    marcas: dict[str, str]
    cargos: dict[str, pl.DataFrame]
    fora_do_disco: frozenset[str] = frozenset()
    _juntos: dict[tuple[tuple[str, ...], frozenset[str]], pl.DataFrame] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def quadro(
        self, cargos: Sequence[str] | None = None, fora: frozenset[str] = frozenset()
    ) -> pl.DataFrame:
        """O quadro dos cargos dados (None: de todos), um depois do outro na ordem dos códigos,
        sem as inscrições `fora`; o mesmo objeto a cada pedido dos mesmos cargos e das mesmas
        inscrições (num milhão, tirar umas inscrições custa ~50 ms: uma vez por versão)."""
        chave = tuple(sorted(self.marcas if cargos is None else cargos))
        if (chave, fora) not in self._juntos:
            if fora:
                self._juntos[(chave, fora)] = sem(self.quadro(chave), fora)
            else:
                juntos = pl.concat([self.cargos[c] for c in chave], rechunk=False)
                self._juntos[(chave, fora)] = juntos
        return self._juntos[(chave, fora)]

    def no_disco(self) -> Guardado:
        """O mesmo, com todos os quadros já gravados (e os quadros juntos já feitos)."""
        gravado = replace(self, fora_do_disco=frozenset())
        gravado._juntos.update(self._juntos)
        return gravado

    def com_inteiro(self, inteiro: pl.DataFrame | None) -> Guardado:
        """O mesmo, com `inteiro` (as linhas de todos os cargos, lidas juntas) como o quadro do
        certame: na ordem em que vieram, sem juntar os dos cargos de novo."""
        if inteiro is not None:
            self._juntos[(tuple(sorted(self.marcas)), frozenset())] = inteiro
        return self


def sem(quadro: pl.DataFrame, fora: frozenset[str]) -> pl.DataFrame:
    """O quadro sem as linhas das inscrições `fora`."""
    return quadro.filter(~pl.col("inscricao").is_in(list(fora))) if fora else quadro


# Os últimos quadros lidos por este processo: (certame, forma) → os dos cargos, do mais antigo ao
# mais novo. Só um atalho do disco: cada cargo vale só para a marca que o banco dá no pedido, como
# o arquivo (nunca o estado do certame, que fica no banco).
_NA_MEMORIA: dict[tuple[int, str], Guardado] = {}
_TRAVA = threading.Lock()


def _lembrar(certame_id: int, forma: str, guardado: Guardado) -> None:
    limite = int(getattr(settings, "QUADROS_NA_MEMORIA", 0))
    with _TRAVA:
        _NA_MEMORIA.pop((certame_id, forma), None)
        if limite <= 0:
            _NA_MEMORIA.clear()
            return
        _NA_MEMORIA[(certame_id, forma)] = guardado
        while len(_NA_MEMORIA) > limite:
            del _NA_MEMORIA[next(iter(_NA_MEMORIA))]


def _lembrado(certame_id: int, forma: str) -> Guardado | None:
    with _TRAVA:
        achado = _NA_MEMORIA.get((certame_id, forma))
        if achado is not None:  # (o mais recente vai para o fim: sai por último)
            _NA_MEMORIA[(certame_id, forma)] = _NA_MEMORIA.pop((certame_id, forma))
        return achado


def _pasta(certame_id: int) -> Path:
    return Path(settings.ARQUIVOS_PRIVADOS) / "quadros" / str(certame_id)


def _resumo(texto: str) -> str:
    return hashlib.sha256(texto.encode()).hexdigest()[:16]


def _arquivo(certame_id: int, forma: str, cargo: str, marca_: str) -> Path:
    return _pasta(certame_id) / _resumo(forma) / f"{_resumo(cargo)}{_SEPARADOR}{marca_}.arrow"


def _ler(arquivo: Path) -> pl.DataFrame | None:
    try:
        return pl.read_ipc(arquivo)
    except (OSError, pl.exceptions.PolarsError):
        return None  # ausente (apagado por uma marca mais nova): lido do banco


def _gravar(certame_id: int, forma: str, guardado: Guardado, cargos: set[str]) -> None:
    """Grava os quadros dos cargos dados, cada um num arquivo ao lado (nome único: outros
    processos e threads gravam ao mesmo tempo) trocado de lugar num passo só; apaga os de marcas
    que não são as de `guardado` (`_limpar`). Uma falha ao guardar nunca falha o pedido: o
    quadro já foi lido do banco, e o próximo pedido tenta de novo."""
    for cargo in sorted(cargos):
        marca_ = guardado.marcas[cargo]
        if not marca_:
            continue  # (um cargo que nunca teve candidatos: nada a guardar)
        arquivo = _arquivo(certame_id, forma, cargo, marca_)
        provisorio = arquivo.with_name(f".{arquivo.name}.{uuid.uuid4().hex}")
        try:
            arquivo.parent.mkdir(parents=True, exist_ok=True)
            guardado.cargos[cargo].write_ipc(provisorio)
            os.replace(provisorio, arquivo)
        except OSError:
            with contextlib.suppress(OSError):
                provisorio.unlink()
            return
    _limpar(certame_id, forma, guardado.marcas)


def _limpar(certame_id: int, forma: str, marcas: dict[str, str]) -> None:
    """Apaga os arquivos do certame que não são das `marcas` nesta forma: os de marcas antigas,
    de cargos que não existem mais, de outras formas (e os da forma de um arquivo só por
    certame, de antes dos quadros por cargo). Se apagar o que outro processo acabou de gravar,
    com uma marca mais nova, esse cargo só é lido do banco de novo."""
    pasta = _pasta(certame_id)
    da_forma = pasta / _resumo(forma)
    atuais = {_arquivo(certame_id, forma, c, m).name for c, m in marcas.items() if m}
    with contextlib.suppress(OSError):
        for item in pasta.iterdir():
            if item.is_dir() and item != da_forma:
                for arquivo in item.glob("*.arrow"):
                    with contextlib.suppress(OSError):
                        arquivo.unlink()
                with contextlib.suppress(OSError):
                    item.rmdir()
            elif item.is_file() and item.suffix in (".arrow", ".json"):
                with contextlib.suppress(OSError):
                    item.unlink()
        for arquivo in da_forma.glob("*.arrow"):
            if arquivo.name not in atuais:
                with contextlib.suppress(OSError):
                    arquivo.unlink()


def _por_cargo(quadro: pl.DataFrame, cargos: Sequence[str]) -> dict[str, pl.DataFrame]:
    """O quadro de cada cargo dado (vazio, com as colunas, o de um cargo sem candidatos), na
    ordem em que as linhas vêm (a do arquivo importado)."""
    partes = {
        str(chave[0]): parte
        for chave, parte in quadro.partition_by("cargo", as_dict=True, maintain_order=True).items()
    }
    return {c: partes.get(c, quadro.clear()) for c in cargos}


def _conferido(
    certame_id: int,
    forma: str,
    lembrado: Guardado | None,
    marcas: dict[str, str],
    montar_cargos: MontarCargos,
    pedidos: list[str],
    montar_linhas: MontarLinhas | None = None,
) -> tuple[dict[str, pl.DataFrame], set[str], pl.DataFrame | None]:
    """Os quadros dos cargos `pedidos` da marca de cada um em `marcas`: da memória, remendados
    (`_remendados`), do disco ou, os que faltam, do banco numa leitura só. Devolve-os (mais os
    da memória de outros cargos ainda da marca deles), os cargos lidos do banco ou remendados (a
    gravar) e, se todos foram lidos juntos, o quadro inteiro como veio do banco (na ordem do
    arquivo importado, como na linha de comando)."""
    achados: dict[str, pl.DataFrame] = {}
    if lembrado is not None:
        achados = {
            c: q
            for c, q in lembrado.cargos.items()
            if c in marcas and lembrado.marcas[c] == marcas[c]
        }
    remendados = _remendados(
        certame_id, forma, lembrado, marcas, [c for c in pedidos if c not in achados], montar_linhas
    )
    novos = dict(remendados)  # (com os do disco e os do banco: o esquema deles se confere)
    faltam: list[str] = []
    for cargo in pedidos:
        if cargo in achados or cargo in novos:
            continue
        marca_ = marcas[cargo]
        do_disco = _ler(_arquivo(certame_id, forma, cargo, marca_)) if marca_ else None
        if do_disco is None:
            faltam.append(cargo)
        else:
            novos[cargo] = do_disco
    inteiro = None
    if len(faltam) == len(marcas):  # (nada guardado: todos numa leitura só)
        inteiro = montar_cargos(None)
        novos.update(_por_cargo(inteiro, faltam))
    elif faltam:
        novos.update(_por_cargo(montar_cargos(faltam), faltam))
    esquemas = {tuple(q.schema.items()) for q in [*novos.values(), *list(achados.values())[:1]]}
    achados.update(novos)
    if len(esquemas) > 1:
        # (Guardados por outra versão do código, com outras colunas: todos do banco.)
        inteiro = montar_cargos(None)
        return _por_cargo(inteiro, list(marcas)), set(marcas), inteiro
    return achados, set(faltam) | set(remendados), inteiro


def _remendados(
    certame_id: int,
    forma: str,
    lembrado: Guardado | None,
    marcas: dict[str, str],
    cargos: list[str],
    montar_linhas: MontarLinhas | None,
) -> dict[str, pl.DataFrame]:
    """Os quadros dos `cargos` cuja mudança foi anotada por um ato (`mudancas.mudando`): o da
    marca de antes dela (da memória ou do disco) com só as linhas mudadas relidas do banco,
    numa leitura só. Os outros (sem anotação, sem o de antes, ou que não casam) ficam de fora:
    quem chama os relê."""
    if montar_linhas is None:
        return {}
    bases: dict[str, tuple[pl.DataFrame, mudancas.Mudanca]] = {}
    for cargo in cargos:
        # (A base: o quadro lembrado do cargo ou, sem ele, o do disco da marca de antes do ato.)
        base, mudanca = None, None
        if lembrado is not None and cargo in lembrado.cargos:
            mudanca = mudancas.desde(certame_id, cargo, marcas[cargo], lembrado.marcas[cargo])
            base = lembrado.cargos[cargo] if mudanca is not None else None
        if mudanca is None and (anotada := mudancas.anotada(certame_id, cargo, marcas[cargo])):
            mudanca = anotada
            base = _ler(_arquivo(certame_id, forma, cargo, anotada.antes))
        if base is not None and mudanca is not None:
            bases[cargo] = (base, mudanca)
    if not bases:
        return {}
    relidas = montar_linhas(sorted({i for _, m in bases.values() for i in m.ids}))
    remendados = {}
    for cargo, (base, mudanca) in bases.items():
        quadro = mudancas.remendado(base, relidas.filter(pl.col("cargo") == cargo), mudanca)
        if quadro is not None:
            remendados[cargo] = quadro
    return remendados


def ler_ou_montar(
    certame_id: int,
    forma: str,
    montar_cargos: MontarCargos,
    *,
    montar_linhas: MontarLinhas | None = None,
    cargos: Sequence[str] | None = None,
    fora: frozenset[str] = frozenset(),
) -> pl.DataFrame:
    """O quadro dos candidatos dos `cargos` dados (None: de todos) na versão atual, sem as
    inscrições `fora`: cada cargo da memória, do disco ou, sem ele na marca atual do cargo, do
    banco (`montar_cargos`; só as linhas que um ato anotou, `montar_linhas`). Os lidos do banco
    fora de um ato vão ao disco se as marcas não mudaram durante a leitura; os lidos num ato,
    quando ele termina."""
    atual = marca(certame_id)
    if not atual:
        # (Sem a marca do certame, logo depois de uma remoção: nada se guarda nem se lê.)
        return sem(montar_cargos(None if cargos is None else list(cargos)), fora)
    lembrado = _lembrado(certame_id, forma)
    if (
        lembrado is not None
        and lembrado.marca == atual
        and lembrado.cargos
        and set(lembrado.marcas if cargos is None else cargos) <= lembrado.cargos.keys()
    ):
        # (Com a marca do certame de quando foi conferido, nenhum candidato mudou desde então.)
        if lembrado.fora_do_disco and not connection.in_atomic_block:
            lembrado = _gravar_os_do_ato(certame_id, forma, lembrado)
        return lembrado.quadro(cargos, fora)
    if connection.in_atomic_block:
        # Dentro de um ato, as marcas podem ainda ser desfeitas: nada vai ao disco. Na memória,
        # sim: a marca nova é aleatória, e desfeita nunca volta. A trava do certame impede outra
        # mudança nos candidatos durante o ato.
        marcas = marcas_dos_cargos(certame_id)
        pedidos = _pedidos(marcas, cargos)
        achados, lidos, inteiro = _conferido(
            certame_id, forma, lembrado, marcas, montar_cargos, pedidos, montar_linhas
        )
        nao_gravados = _a_gravar(lembrado, lidos, achados)
        novo = Guardado(atual, marcas, achados, nao_gravados).com_inteiro(inteiro)
        _lembrar(certame_id, forma, novo)
        if nao_gravados:
            # (Para os outros processos, que não têm a memória deste: a tarefa que publica a
            # situação, o próximo ato em outro processo do servidor.)
            transaction.on_commit(lambda: _gravar_no_fim_do_ato(certame_id, forma))
        return novo.quadro(pedidos, fora) if pedidos else montar_cargos([])
    with transaction.atomic():  # (no SQLite, um instantâneo só para as leituras)
        marcas = marcas_dos_cargos(certame_id)
        pedidos = _pedidos(marcas, cargos)
        achados, lidos, inteiro = _conferido(
            certame_id, forma, lembrado, marcas, montar_cargos, pedidos, montar_linhas
        )
        depois = (marca(certame_id), marcas_dos_cargos(certame_id))
    novo = Guardado(atual, marcas, achados).com_inteiro(inteiro)
    if depois == (atual, marcas):
        _gravar(certame_id, forma, novo, set(_a_gravar(lembrado, lidos, achados)))
        _lembrar(certame_id, forma, novo)
    return novo.quadro(pedidos, fora) if pedidos else montar_cargos([])


def _gravar_os_do_ato(certame_id: int, forma: str, lembrado: Guardado) -> Guardado:
    """Grava os quadros que um ato leu e deixou na memória (`fora_do_disco`): no fim do ato
    (`transaction.on_commit`) ou na primeira leitura fora dele. Fora do ato, a marca que ele
    gravou é a do banco: os quadros lidos nele valem (os de uma marca que o ato ainda mudou
    depois de lê-los nunca são procurados)."""
    if not lembrado.fora_do_disco:
        return lembrado
    _gravar(certame_id, forma, lembrado, set(lembrado.fora_do_disco))
    gravado = lembrado.no_disco()
    _lembrar(certame_id, forma, gravado)
    return gravado


def _gravar_no_fim_do_ato(certame_id: int, forma: str) -> None:
    # (Só o lembrado da marca que o ato deixou no banco: um lido num trecho desfeito do ato, com
    # uma marca que nunca chegou ao banco, não se grava.)
    lembrado = _lembrado(certame_id, forma)
    if lembrado is not None and lembrado.marca == marca(certame_id):
        _gravar_os_do_ato(certame_id, forma, lembrado)


def _a_gravar(
    lembrado: Guardado | None, lidos: set[str], achados: dict[str, pl.DataFrame]
) -> frozenset[str]:
    """Os cargos ainda fora do disco: os lidos agora do banco (ou remendados) e os que o
    lembrado já tinha fora dele, se continuam da mesma marca."""
    anteriores = lembrado.fora_do_disco if lembrado is not None else frozenset()
    return frozenset(c for c in anteriores | lidos if c in achados)


def _pedidos(marcas: dict[str, str], cargos: Sequence[str] | None) -> list[str]:
    """Os cargos pedidos que o certame tem (um código que ele não tem: nenhuma linha)."""
    return sorted(marcas) if cargos is None else sorted(c for c in set(cargos) if c in marcas)
