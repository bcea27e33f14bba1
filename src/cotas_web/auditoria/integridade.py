"""A integridade da cadeia do registro de auditoria (cadeia.py; docs/GLOSSARIO.md), certame
por certame: cada registro aponta para o anterior e o seu selo confere pela sua versão (o sem
chave só até o marco da migração 0004; o com chave, com a chave que ele identifica)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone

from . import cadeia, chaves, impressoes
from .models import Registro


@dataclass(frozen=True)
class Quebra:
    """O primeiro registro em que a cadeia não confere."""

    registro_id: int
    quando: datetime
    acao: str
    motivo: str

    def __str__(self) -> str:
        quando = timezone.localtime(self.quando).strftime("%d/%m/%Y %H:%M:%S")
        return f"registro {self.registro_id} ({quando}, {self.acao}): {self.motivo}"


@dataclass(frozen=True)
class EstadoCadeia:
    certame_id: int | None
    total: int
    ultimo_id: int | None
    ultimo_hash: str
    quebra: Quebra | None

    @property
    def integra(self) -> bool:
        return self.quebra is None

    @property
    def hash_curto(self) -> str:
        return self.ultimo_hash[:12]

    def nome(self) -> str:
        return f"certame {self.certame_id}" if self.certame_id else "registros sem certame"


@dataclass(frozen=True)
class Chaves:
    """O que a conferência do selo precisa: as chaves conhecidas e o marco da migração 0004
    (o último id selado sem chave; None sem o marco: nenhum registro sem chave vale)."""

    conhecidas: dict[str, bytes]
    ultimo_sem_chave: int | None
    cabecas: dict[str, int] = field(default_factory=dict)  # o último sem chave de cada cadeia
    # Cada chave aposentada por uma troca → (o registro da troca, o último id de cada cadeia
    # então): depois dele, a chave não sela nada.
    aposentadas: dict[str, tuple[int, dict[str, int]]] = field(default_factory=dict)

    def ultimo_sem_chave_da(self, certame_id: int | None) -> int | None:
        """O último id que pode estar selado sem chave nesta cadeia (None: nenhum)."""
        if self.ultimo_sem_chave is None:
            return None
        return self.cabecas.get(cadeia.nome_da_cadeia(certame_id))


def _aposentadas(conhecidas: dict[str, bytes]) -> dict[str, tuple[int, dict[str, int]]]:
    """As chaves aposentadas pelas trocas registradas (a primeira troca que aposenta cada uma:
    só os registros de troca cujo selo confere, com uma chave que não aposentam)."""
    aposentadas: dict[str, tuple[int, dict[str, int]]] = {}
    trocas = Registro.objects.filter(
        certame__isnull=True, acao=cadeia.TROCA_DE_CHAVE, selo_versao=cadeia.HMAC
    ).order_by("id")
    for troca in trocas:
        chave = conhecidas.get(troca.selo_chave)
        dados = troca.dados if isinstance(troca.dados, dict) else {}
        ids, cabecas = dados.get("aposentadas"), dados.get("cabecas")
        if (
            chave is None
            or not cadeia.confere(troca, chave)
            or not isinstance(ids, list)
            or not isinstance(cabecas, dict)
            or troca.selo_chave in ids
        ):
            continue
        for ident in ids:
            aposentadas.setdefault(
                str(ident), (troca.pk, {str(k): int(v) for k, v in cabecas.items()})
            )
    return aposentadas


def chaves_da_conferencia() -> Chaves:
    conhecidas = chaves.chaves_conhecidas()
    aposentadas = _aposentadas(conhecidas)
    # O marco mais recente que confere (a migração desfeita e refeita grava outro, com as
    # cabeças de então; sem a chave ninguém grava um que confira).
    marcos = Registro.objects.filter(
        certame__isnull=True, acao=cadeia.MARCO, selo_versao=cadeia.HMAC
    ).order_by("-id")
    for marco in marcos:
        chave = conhecidas.get(marco.selo_chave)
        dados = marco.dados if isinstance(marco.dados, dict) else {}
        ultimo, cabecas = dados.get("ultimo_sem_chave"), dados.get("cabecas")
        if (
            chave is not None
            and cadeia.confere(marco, chave)
            and isinstance(ultimo, int)
            and isinstance(cabecas, dict)
        ):
            return Chaves(
                conhecidas, ultimo, {str(k): int(v) for k, v in cabecas.items()}, aposentadas
            )
    return Chaves(conhecidas, None, aposentadas=aposentadas)


def _motivo_do_selo(registro: Registro, c: Chaves) -> str | None:
    versao = registro.selo_versao
    if versao == cadeia.SEM_CHAVE:
        limite = c.ultimo_sem_chave_da(registro.certame_id)
        if limite is None or registro.pk > limite:
            return (
                "selado sem chave (SHA-256 que qualquer um com acesso ao banco calcula) depois "
                "que o registro passou a ser selado com a chave: acrescentado por fora da "
                "aplicação"
            )
        return None if registro.hash == cadeia.selo_sem_chave(registro) else _ALTERADO
    if versao != cadeia.HMAC:
        return f"versão do selo desconhecida ({versao}): gravado por fora da aplicação"
    chave = c.conhecidas.get(registro.selo_chave)
    if chave is None:
        return (
            "selado com uma chave que este servidor não conhece "
            f"({registro.selo_chave or 'nenhuma'}): forjado, ou falta a chave em "
            "COTAS_CHAVE_AUDITORIA / COTAS_CHAVES_AUDITORIA_ANTERIORES"
        )
    if not cadeia.confere(registro, chave):
        return _ALTERADO
    return _depois_da_troca(registro, c)


def _depois_da_troca(registro: Registro, c: Chaves) -> str | None:
    """Selado com uma chave já aposentada, depois da troca (ainda que com um id de uma lacuna
    antiga da sequência: vale a cabeça da cadeia no registro da troca)."""
    aposentada = c.aposentadas.get(registro.selo_chave)
    if aposentada is None:
        return None
    troca, cabecas = aposentada
    limite = cabecas.get(cadeia.nome_da_cadeia(registro.certame_id))
    if limite is not None and registro.pk <= limite:
        return None
    return (
        f"selado com a chave {registro.selo_chave}, aposentada pela troca de chave do registro "
        f"{troca}: acrescentado depois da troca por quem tem a chave antiga"
    )


_ALTERADO = "o conteúdo não confere com o selo gravado (alterado, ou inserido por fora)"


def _motivo(registro: Registro, anterior: str, posicao: int, c: Chaves) -> str | None:
    if registro.anterior != anterior:
        if posicao == 0:
            return (
                "o primeiro registro da cadeia aponta para um anterior que não existe "
                "(registros apagados do começo?)"
            )
        return (
            "não aponta para o registro anterior da cadeia (um registro foi apagado, "
            "inserido ou trocado de lugar antes deste)"
        )
    return _motivo_do_selo(registro, c)


def verificar_cadeia(certame_id: int | None, c: Chaves | None = None) -> EstadoCadeia:
    c = c if c is not None else chaves_da_conferencia()
    anterior = cadeia.INICIO
    ultimo: Registro | None = None
    total = 0
    registros = Registro.objects.da_cadeia(certame_id).order_by("id")
    for posicao, registro in enumerate(registros.iterator(chunk_size=2_000)):
        motivo = _motivo(registro, anterior, posicao, c)
        if motivo is not None:
            quebra = Quebra(registro.pk, registro.quando, registro.acao, motivo)
            return EstadoCadeia(certame_id, total, registro.pk, registro.hash, quebra)
        anterior, ultimo, total = registro.hash, registro, total + 1
    return EstadoCadeia(certame_id, total, ultimo.pk if ultimo else None, anterior, None)


def cadeias() -> list[int | None]:
    """Os certames que têm registros (None: os registros sem certame)."""
    ids = set(Registro.objects.order_by().values_list("certame_id", flat=True).distinct())
    return sorted(ids, key=lambda i: (i is not None, i or 0))


def verificar_todas(certame_id: int | None = None) -> list[EstadoCadeia]:
    """A cadeia do certame pedido, ou todas."""
    alvos = [certame_id] if certame_id is not None else cadeias()
    c = chaves_da_conferencia()
    return [verificar_cadeia(alvo, c) for alvo in alvos]


def cabeca(estado: EstadoCadeia, data: datetime) -> dict[str, Any]:
    """Uma linha da exportação das cabeças: quem a guardar fora detecta uma reescrita."""
    return {
        "certame": estado.certame_id,
        "ultimo_id": estado.ultimo_id,
        "ultimo_hash": estado.ultimo_hash,
        "registros": estado.total,
        "integra": estado.integra,
        "data": data.isoformat(timespec="seconds"),
        "fatos": impressoes.impressoes(estado.certame_id),
    }


def conferir_cabecas(linhas: Iterable[str], origem: str) -> list[str]:
    """Cada cabeça exportada antes ainda está na cadeia, no mesmo lugar e com o mesmo hash;
    os problemas em português (vazio se todas conferem)."""
    return conferir_cabecas_do_certame(linhas, origem, None).problemas


@dataclass(frozen=True)
class ConferenciaDeCabecas:
    """O que a conferência achou: os problemas (na ordem das linhas), quantas cabeças se
    conferiram e os avisos do que não se pôde conferir (as impressões dos fatos que faltam)."""

    problemas: list[str]
    conferidas: int
    avisos: list[str]


def conferir_cabecas_do_certame(
    linhas: Iterable[str], origem: str, so_do_certame: int | None
) -> ConferenciaDeCabecas:
    """`conferir_cabecas`, contando as cabeças conferidas; com `so_do_certame`, a cabeça de
    outro certame é um problema, e não se confere (a página de um certame não diz nada da cadeia
    dos outros)."""
    problemas: list[str] = []
    avisos: list[str] = []
    conferidas = 0
    for numero, linha in enumerate(linhas, start=1):
        if not linha.strip():
            continue
        onde = f"{origem}, linha {numero}"
        c, erros = _ler_cabeca(linha)
        if c is None:
            problemas.append(f"{onde}: não é uma cabeça exportada: {'; '.join(erros)}.")
            continue
        certame_id = c["certame"]
        if so_do_certame is not None and certame_id != so_do_certame:
            problemas.append(f"{onde}: a cabeça é de outro certame ({certame_id}).")
            continue
        conferidas += 1
        if c.get("integra") is False:
            problemas.append(
                f"{onde}: a cabeça foi exportada de uma cadeia que já não conferia (integra: "
                "false); conferir a partir dela não prova que nada mudou."
            )
        if c["ultimo_id"] is not None:
            problema = _problema_da_cabeca(
                c, certame_id, c["ultimo_id"], c["ultimo_hash"], c["registros"]
            )
            if problema:
                problemas.append(f"{onde}: {problema}")
        if certame_id is not None and not isinstance(c.get("fatos"), dict):
            avisos.append(
                f"{onde}: a cabeça não traz as impressões dos fatos (candidatos, nomeações): "
                "só a cadeia do registro foi conferida, não os dados do certame."
            )
    return ConferenciaDeCabecas(problemas, conferidas, avisos)


# O maior identificador que o banco guarda (inteiro de 64 bits com sinal).
_MAIOR_ID = 2**63 - 1


def _inteiro(valor: Any, minimo: int) -> bool:
    return isinstance(valor, int) and not isinstance(valor, bool) and minimo <= valor <= _MAIOR_ID


def _ler_cabeca(linha: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A cabeça exportada (`cabeca`) lida da linha, ou None e o que há de errado nela, tudo de
    uma vez: um campo de outro tipo dava erro no servidor (um `ultimo_id` em texto) ou um
    veredito enganoso (um `ultimo_id` negativo acusava um registro "apagado")."""
    try:
        c = json.loads(linha)
    except RecursionError:
        return None, ["é um JSON aninhado demais para ser uma cabeça exportada"]
    except ValueError:
        return None, ["não é JSON"]
    if not isinstance(c, dict):
        return None, ["não é um objeto JSON com certame, ultimo_id, ultimo_hash e registros"]
    erros = [f"falta {campo}" for campo in _CAMPOS_DA_CABECA if campo not in c]
    if erros:
        return None, erros
    if c["certame"] is not None and not _inteiro(c["certame"], 1):
        erros.append("certame deve ser um número inteiro positivo (ou null)")
    if c["ultimo_id"] is not None and not _inteiro(c["ultimo_id"], 1):
        erros.append("ultimo_id deve ser um número inteiro positivo (ou null)")
    if not isinstance(c["ultimo_hash"], str | None):
        erros.append("ultimo_hash deve ser texto")
    if not _inteiro(c["registros"], 0):
        erros.append("registros deve ser um número inteiro não negativo")
    if "integra" in c and not isinstance(c["integra"], bool):
        erros.append("integra deve ser true ou false")
    if "data" in c and not _data_iso(c["data"]):
        erros.append("data deve ser uma data e hora ISO 8601 (ex.: 2026-12-06T10:00:00-03:00)")
    if "fatos" in c and not isinstance(c["fatos"], dict):
        erros.append("fatos deve ser um objeto JSON")
    return (None, erros) if erros else (c, [])


_CAMPOS_DA_CABECA = ("certame", "ultimo_id", "ultimo_hash", "registros")


def _quando(cabeca: dict[str, Any]) -> str:
    """A data da exportação como se lê ("06/12/2026 19:40"), não o ISO cru do arquivo."""
    valor = cabeca.get("data")
    if not isinstance(valor, str) or not _data_iso(valor):
        return "data não informada"
    quando = datetime.fromisoformat(valor)
    if timezone.is_aware(quando):
        quando = timezone.localtime(quando)
    return quando.strftime("%d/%m/%Y %H:%M")


def _data_iso(valor: Any) -> bool:
    try:
        datetime.fromisoformat(valor)
    except (TypeError, ValueError):
        return False
    return True


def _problema_da_cabeca(
    c: dict[str, Any], certame_id: Any, ultimo_id: int, ultimo_hash: str, total: int
) -> str:
    """O que a cadeia de hoje diz da cabeça guardada `c` ("" se confere)."""
    registro = Registro.objects.da_cadeia(certame_id).filter(pk=ultimo_id).first()
    if registro is None:
        return (
            f"o registro {ultimo_id} exportado em {_quando(c)} não existe mais nesta cadeia "
            "(apagado)."
        )
    if registro.hash != ultimo_hash:
        return (
            f"o registro {ultimo_id} tem hoje outro hash ({registro.hash[:12]}, na cabeça "
            f"guardada {str(ultimo_hash)[:12]}): o registro foi reescrito, ou a cabeça guardada "
            "não é a que se exportou."
        )
    if Registro.objects.da_cadeia(certame_id).filter(pk__lte=ultimo_id).count() != total:
        return (
            f"a cadeia tinha {total} registros até o {ultimo_id}; hoje tem outro número "
            "(registros apagados ou inseridos)."
        )
    if mudaram := _fatos_mudaram(c, certame_id, ultimo_id):
        return (
            f"{' e '.join(mudaram)} do certame {certame_id} mudaram desde a exportação de "
            f"{_quando(c)} sem nenhum ato registrado que os criasse (dado alterado direto no "
            "banco)."
        )
    return ""


def _fatos_mudaram(cabeca: dict[str, Any], certame_id: Any, ultimo_id: int) -> list[str]:
    antes = cabeca.get("fatos")
    if not isinstance(antes, dict) or certame_id is None:
        return []
    return impressoes.mudaram_sem_ato(antes, certame_id, ultimo_id)
