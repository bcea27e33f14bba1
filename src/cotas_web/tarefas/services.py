"""Tarefas longas na fila do banco: iniciar uma (ou achar a que já roda), executá-la marcando o
andamento, e retomar as que um processo morto deixou no meio.

O andamento vai num arquivo pequeno por tarefa, não no banco: o trabalho longo (a importação,
tudo ou nada) corre numa transação só, e o que ela gravasse no banco ninguém veria antes do
fim (no SQLite, a escrita de outra conexão ficaria presa atrás dela). O arquivo também é o
sinal de vida: uma linha de execução o toca a cada poucos segundos enquanto a tarefa roda.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from cotas_web.ponte.erros import ErroCotas

from .models import ATIVOS, Estado, Tarefa

logger = logging.getLogger(__name__)

# Sem sinal de vida há mais que isto, a tarefa em andamento é de um processo que morreu.
PRAZO_BATIMENTO = timedelta(seconds=30)
INTERVALO_BATIMENTO = 5.0  # segundos entre dois sinais de vida
INTERVALO_PROGRESSO = 0.5  # segundos entre duas gravações do andamento
MAX_TENTATIVAS = 3


@dataclass(frozen=True)
class Resultado:
    """O que a tarefa deixa: um arquivo (relativo à pasta das tarefas) e/ou um endereço."""

    arquivo: str = ""
    url: str = ""
    mensagem: str = ""


Trabalho = Callable[[Tarefa, "Progresso"], Resultado]


def pasta() -> Path:
    caminho = Path(settings.ARQUIVOS_TAREFAS)
    caminho.mkdir(parents=True, exist_ok=True)
    return caminho


def _arquivo_progresso(tarefa_id: Any) -> Path:
    p = pasta() / "andamento"
    p.mkdir(exist_ok=True)
    return p / f"{tarefa_id}.json"


def _gravar_atomico(destino: Path, conteudo: bytes) -> None:
    provisorio = destino.with_name(f".{destino.name}.{os.getpid()}.{threading.get_ident()}")
    provisorio.write_bytes(conteudo)
    os.replace(provisorio, destino)


class Progresso:
    """O andamento de uma tarefa: `total(n)` e `avancar(k)`, com uma frase do passo."""

    def __init__(self, tarefa_id: Any) -> None:
        self.tarefa_id = tarefa_id
        self.feitos = 0
        self.quantos = 0
        self.mensagem = ""
        self._gravado = 0.0

    def total(self, n: int, mensagem: str = "") -> None:
        self.quantos, self.feitos = max(n, 0), 0
        self.mensagem = mensagem or self.mensagem
        self._gravar(forcar=True)

    def avancar(self, k: int = 1, mensagem: str = "") -> None:
        self.feitos = min(self.feitos + k, self.quantos) if self.quantos else self.feitos + k
        self.mensagem = mensagem or self.mensagem
        self._gravar(forcar=bool(mensagem))

    def _gravar(self, *, forcar: bool = False) -> None:
        agora = time.monotonic()
        if not forcar and agora - self._gravado < INTERVALO_PROGRESSO:
            return
        self._gravado = agora
        dados = {"feitos": self.feitos, "total": self.quantos, "mensagem": self.mensagem}
        _gravar_atomico(_arquivo_progresso(self.tarefa_id), orjson.dumps(dados))


def andamento(tarefa: Tarefa) -> dict[str, Any]:
    """Feitos, total e a frase do passo: do arquivo enquanto a tarefa roda; da linha depois."""
    dados = {"feitos": tarefa.feitos, "total": tarefa.total, "mensagem": tarefa.mensagem}
    if tarefa.estado == Estado.EXECUTANDO:
        with contextlib.suppress(OSError, orjson.JSONDecodeError):
            dados.update(orjson.loads(_arquivo_progresso(tarefa.pk).read_bytes()))
    return dados


def ultimo_sinal(tarefa: Tarefa) -> datetime | None:
    """O mais recente entre o batimento gravado na linha e o toque no arquivo do andamento."""
    sinais = [tarefa.batimento] if tarefa.batimento else []
    try:
        mtime = _arquivo_progresso(tarefa.pk).stat().st_mtime
        sinais.append(datetime.fromtimestamp(mtime, tz=UTC))
    except OSError:
        pass
    return max(sinais) if sinais else None


def iniciar(
    *,
    tipo: str,
    chave: str,
    trabalho: str,
    certame: Any = None,
    versao: int = 0,
    publica: bool = False,
    grupo: str = "",
    parametros: dict[str, Any] | None = None,
    usuario: User | AnonymousUser | None = None,
) -> Tarefa:
    """Põe o trabalho na fila, ou devolve a tarefa ativa de mesma chave (o mesmo pedido repetido
    por muitos não vira muitas tarefas). `trabalho` é o caminho da função
    `(tarefa, progresso) -> Resultado`, dentro de cotas_web.

    A tarefa e o seu lugar na fila são gravados na mesma transação: o trabalhador só a vê
    depois do commit de quem a pediu."""
    if not trabalho.startswith("cotas_web."):
        raise ValueError(f"Trabalho fora da aplicação: {trabalho}")
    ativa = Tarefa.objects.filter(chave=chave, estado__in=ATIVOS).first()
    if ativa is not None:
        return ativa
    try:
        with transaction.atomic():
            tarefa = Tarefa.objects.create(
                tipo=tipo,
                chave=chave,
                grupo=grupo,
                certame=certame,
                versao=versao,
                publica=publica,
                parametros={**(parametros or {}), "trabalho": trabalho},
                iniciada_por=usuario if isinstance(usuario, User) else None,
            )
            _enfileirar(tarefa)
    except IntegrityError:  # outro pedido a criou ao mesmo tempo
        return Tarefa.objects.get(chave=chave, estado__in=ATIVOS)
    return tarefa


def _enfileirar(tarefa: Tarefa) -> None:
    from .fila import executar_tarefa

    executar_tarefa.enqueue(str(tarefa.pk))


def executar(tarefa_id: str) -> None:
    """Executa a tarefa (no trabalhador): marca o andamento e o fim, com o erro em português
    se o trabalho o recusou. Uma tarefa que não está na fila (já feita, ou retomada por outro)
    não roda de novo."""
    agora = timezone.now()
    pegou = Tarefa.objects.filter(pk=tarefa_id, estado=Estado.NA_FILA).update(
        estado=Estado.EXECUTANDO, iniciada_em=agora, batimento=agora
    )
    if not pegou:
        return
    tarefa = Tarefa.objects.get(pk=tarefa_id)
    progresso = Progresso(tarefa.pk)
    progresso.total(0, "Começando…")
    parar = threading.Event()
    batendo = threading.Thread(
        target=_bater, args=(tarefa.pk, parar), name=f"batimento-{tarefa.pk}", daemon=True
    )
    batendo.start()
    try:
        trabalho: Trabalho = import_string(tarefa.parametros["trabalho"])
        resultado = trabalho(tarefa, progresso)
    except ValidationError as erro:
        _terminar(tarefa, progresso, Estado.FALHOU, mensagem_de_falha(erro.messages))
    except ErroCotas as erro:  # a lei recusa um fato do certame: diz qual, e o que fazer
        logger.warning("Tarefa %s recusada pelo motor: %.300s", tarefa.pk, erro)
        _terminar(tarefa, progresso, Estado.FALHOU, mensagem_de_falha([str(erro)], motor=True))
    except Exception:
        logger.exception("Tarefa %s falhou", tarefa.pk)
        _terminar(
            tarefa,
            progresso,
            Estado.FALHOU,
            "Erro interno na tarefa. Peça de novo; se o erro se repetir, informe o código "
            f"{tarefa.pk} ao suporte.",
        )
    else:
        tarefa.arquivo, tarefa.resultado_url = resultado.arquivo, resultado.url
        _terminar(tarefa, progresso, Estado.CONCLUIDA, resultado.mensagem or "Concluída.")
    finally:
        parar.set()
        batendo.join()
        _arquivo_progresso(tarefa.pk).unlink(missing_ok=True)


# Quantas mensagens, e de que tamanho, o fim de uma tarefa que falhou guarda e mostra: o motivo,
# curto, e o que fazer; nunca o rastreamento nem a lista inteira (um empate de 6.000 linhas).
MENSAGENS_DA_FALHA = 3
CARACTERES_DA_FALHA = 400


def mensagem_de_falha(mensagens: Sequence[str], *, motor: bool = False) -> str:
    """A frase curta, em português, de uma tarefa que falhou: as primeiras mensagens (cortadas)
    e quantas mais; se foi o motor que recusou um fato do certame, o que fazer."""
    from cotas.arquivos.erros import resumir

    texto = " ".join(resumir([str(m) for m in mensagens], MENSAGENS_DA_FALHA, CARACTERES_DA_FALHA))
    if motor:
        texto = (
            f"A lei do certame recusa um fato registrado: {texto} Corrija o dado indicado "
            "(antes da homologação, na importação; depois, por correção registrada na página "
            "do candidato) e peça de novo."
        )
    return texto


def _bater(tarefa_id: Any, parar: threading.Event) -> None:
    """O sinal de vida: toca o arquivo do andamento enquanto a tarefa roda."""
    while not parar.wait(INTERVALO_BATIMENTO):
        with contextlib.suppress(OSError):
            _arquivo_progresso(tarefa_id).touch()


def _terminar(tarefa: Tarefa, progresso: Progresso, estado: str, mensagem: str) -> None:
    tarefa.estado = estado
    tarefa.mensagem = mensagem
    tarefa.total = progresso.quantos or 1
    tarefa.feitos = tarefa.total if estado == Estado.CONCLUIDA else progresso.feitos
    tarefa.terminada_em = timezone.now()
    tarefa.save(
        update_fields=[
            "estado",
            "mensagem",
            "feitos",
            "total",
            "terminada_em",
            "arquivo",
            "resultado_url",
        ]
    )


# Funções chamadas por `retomar` depois de recolocar as tarefas interrompidas na fila (cada app
# registra a sua no `ready`: a publicação refaz as situações públicas desatualizadas).
_AO_RETOMAR: list[Callable[[], None]] = []


def ao_retomar(funcao: Callable[[], None]) -> None:
    if funcao not in _AO_RETOMAR:
        _AO_RETOMAR.append(funcao)


def retomar() -> list[Tarefa]:
    """Recoloca na fila as tarefas em andamento sem sinal de vida (o processo morreu); depois
    de MAX_TENTATIVAS, desiste com uma mensagem. Devolve as recolocadas."""
    limite = timezone.now() - PRAZO_BATIMENTO
    recolocadas = []
    for tarefa in Tarefa.objects.filter(estado=Estado.EXECUTANDO):
        sinal = ultimo_sinal(tarefa)
        if sinal is not None and sinal >= limite:
            continue
        with transaction.atomic():
            if tarefa.tentativas + 1 >= MAX_TENTATIVAS:
                Tarefa.objects.filter(pk=tarefa.pk, estado=Estado.EXECUTANDO).update(
                    estado=Estado.FALHOU,
                    terminada_em=timezone.now(),
                    mensagem=f"Interrompida {tarefa.tentativas + 1} vezes; peça de novo.",
                )
                continue
            if Tarefa.objects.filter(pk=tarefa.pk, estado=Estado.EXECUTANDO).update(
                estado=Estado.NA_FILA, tentativas=tarefa.tentativas + 1, batimento=None
            ):
                _enfileirar(tarefa)
                recolocadas.append(tarefa)
        logger.warning("Tarefa %s interrompida: de volta à fila.", tarefa.pk)
    for funcao in _AO_RETOMAR:
        funcao()
    return recolocadas


GUARDAR_TERMINADAS = timedelta(days=30)


def limpar() -> int:
    """Apaga as tarefas terminadas há mais de GUARDAR_TERMINADAS que não guardam arquivo (as
    que guardam são o arquivo público da versão atual ou da anterior); devolve quantas."""
    apagadas, _ = (
        Tarefa.objects.exclude(estado__in=ATIVOS)
        .filter(terminada_em__lt=timezone.now() - GUARDAR_TERMINADAS, arquivo="")
        .delete()
    )
    return apagadas


def caminho_do_arquivo(tarefa: Tarefa) -> Path | None:
    """O arquivo do resultado, se a tarefa o tem e ele existe (dentro da pasta das tarefas)."""
    if not tarefa.arquivo:
        return None
    base = pasta().resolve()
    caminho = (base / tarefa.arquivo).resolve()
    if base not in caminho.parents or not caminho.is_file():
        return None
    return caminho
