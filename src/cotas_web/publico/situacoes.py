"""A consulta pública materializada: monta e renova a situação de todas as inscrições.

Uma geração por versão do certame (o último registro de auditoria dele): reencena uma vez,
tira as posições de todos das listas e simula a projeção UMA vez por cargo
(`cotas.documentos.consulta.consultar_todos`). A geração nova é gravada em massa, em lotes,
e só então o marcador passa a apontar para ela; quem consulta enquanto isso vê a
anterior. Só um processo monta de cada vez: a reserva é um UPDATE condicional no marcador,
atômico no SQLite e no PostgreSQL.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import partial
from itertools import islice
from typing import Any

import orjson
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max, OuterRef, Q, Subquery
from django.utils import timezone

from cotas.documentos.consulta import (
    SituacaoCandidato,
    consultar_todos,
    resumo,
)
from cotas_web import ponte
from cotas_web.auditoria.models import Registro
from cotas_web.banco import inserir_em_massa
from cotas_web.certames.models import Certame

from .models import PublicacaoSituacoes, SituacaoPublica
from .selectors import fonte_do_certame

LOTE = 20_000  # linhas gravadas por transação
LOTE_APAGAR = 20_000  # linhas apagadas por transação
# Uma reserva mais velha que isto é de um processo que morreu no meio: outro pode montar.
PRAZO_RESERVA = timedelta(minutes=30)


def versao_do_certame(certame_id: int) -> int:
    """O último registro de auditoria do certame: todo ato gravado muda a versão."""
    return Registro.objects.filter(certame_id=certame_id).aggregate(v=Max("id"))["v"] or 0


def dados_publicos(s: SituacaoCandidato) -> dict[str, Any]:
    """O que a página mostra de uma inscrição; nada além (sem cor/raça, deficiência, parecer
    da comissão ou CPF). As contagens da projeção vão como pares, na ordem da simulação."""
    n = s.nomeacao
    p = s.projecao
    return {
        "inscricao": s.inscricao,
        "nome": s.nome,
        "cargo": s.cargo,
        "nome_cargo": s.nome_cargo,
        "posicoes": [
            {"lista": x.lista, "rotulo": x.rotulo, "posicao": x.posicao, "total": x.total}
            for x in s.posicoes
        ],
        "nomeacao": None
        if n is None
        else {
            "vaga": n.vaga,
            "ordem": n.ordem,
            "modalidade": n.modalidade,
            "razao": {"texto": n.razao.texto, "fundamento_curto": n.razao.fundamento_curto()},
        },
        "ato": s.ato,
        "situacao": s.situacao,
        "projecao": None
        if p is None
        else {
            "antes": [[lista, q] for lista, q in p.antes.items()],
            "vaga": p.vaga,
            "lista": p.lista,
            "razao": p.razao,
            "alcancado": p.alcancado,
            "nao_calculada": not p.calculada,
        },
        "aviso": s.aviso,
        "resumo": resumo(s),
    }


def reservar(certame: Certame) -> bool:
    """Tenta reservar a montagem da geração nova; False se outro processo já a monta."""
    pub, _ = PublicacaoSituacoes.objects.get_or_create(certame=certame)
    agora = timezone.now()
    livre = Q(construindo_desde__isnull=True) | Q(construindo_desde__lt=agora - PRAZO_RESERVA)
    return PublicacaoSituacoes.objects.filter(livre, pk=pub.pk).update(construindo_desde=agora) == 1


def liberar(certame: Certame) -> None:
    PublicacaoSituacoes.objects.filter(certame=certame).update(construindo_desde=None)


def _linhas(certame: Certame, geracao: int, fonte: Any) -> Iterator[tuple[Any, ...]]:
    """As linhas da geração nova, já como o banco as grava (`_CAMPOS`; o JSON em texto)."""
    for s in consultar_todos(fonte):
        dados = orjson.dumps(dados_publicos(s)).decode()
        yield (certame.pk, geracao, s.inscricao, s.cargo, dados)


_CAMPOS = ("certame", "geracao", "inscricao", "cargo", "dados")


def montar(certame: Certame) -> PublicacaoSituacoes:
    """Monta a geração nova e troca o marcador para ela (quem chama tem a reserva).

    As linhas da geração nova são gravadas em lotes, cada um na sua transação curta: ninguém as
    lê antes da troca do marcador (as consultas filtram pela geração em vigor), e assim um
    certame de 1 milhão de inscrições não segura o banco por meio minuto (no SQLite, quem grava
    um ato nesse meio tempo esperaria). Uma montagem interrompida deixa restos da geração nova,
    apagados pela próxima antes de começar."""
    versao = versao_do_certame(certame.pk)  # lida antes: um ato durante a montagem renova de novo
    pub = PublicacaoSituacoes.objects.get(certame=certame)
    anterior, nova = pub.geracao, pub.geracao + 1
    erro = ""
    fonte = None
    try:
        fonte = fonte_do_certame(certame=certame)
    except ponte.ErroCotas as e:
        erro = str(e)
    _apagar_em_lotes(certame, geracao=nova)  # restos de uma montagem interrompida
    if fonte is not None:
        linhas = _linhas(certame, nova, fonte)
        while lote := list(islice(linhas, LOTE)):
            with transaction.atomic():
                inserir_em_massa(SituacaoPublica, _CAMPOS, lote)
    with transaction.atomic():
        trocou = PublicacaoSituacoes.objects.filter(pk=pub.pk, geracao=anterior).update(
            geracao=nova, versao=versao, erro=erro, publicada_em=timezone.now()
        )
        if trocou != 1:
            raise RuntimeError("Outra montagem trocou a geração ao mesmo tempo.")
    _apagar_em_lotes(certame, anteriores_a=nova)
    pub.refresh_from_db()
    return pub


def _apagar_em_lotes(
    certame: Certame, *, geracao: int | None = None, anteriores_a: int | None = None
) -> None:
    """Apaga as linhas de uma geração (ou as anteriores a uma) em lotes, cada um na sua
    transação curta: um comando por lote, que escolhe as linhas no próprio banco."""
    tabela = connection.ops.quote_name(SituacaoPublica._meta.db_table)
    valor: int | None
    if geracao is not None:
        condicao, valor = "geracao = %s", geracao
    else:
        condicao, valor = "geracao < %s", anteriores_a
    sql = (
        f"DELETE FROM {tabela} WHERE id IN (SELECT id FROM {tabela} "
        f"WHERE certame_id = %s AND {condicao} LIMIT {LOTE_APAGAR})"
    )
    while True:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [certame.pk, valor])
            if cursor.rowcount < LOTE_APAGAR:
                return


def publicar(certame: Certame) -> PublicacaoSituacoes | None:
    """Monta agora, se ninguém estiver montando; None se outro processo tem a reserva."""
    if not reservar(certame):
        return None
    try:
        return montar(certame)
    finally:
        liberar(certame)


def vigente(certame: Certame) -> PublicacaoSituacoes | None:
    """A publicação a servir: a atual, renovada aqui se o certame mudou desde ela. Se outro
    processo está renovando, serve a anterior; None só se ainda não há nenhuma.

    No caminho comum é UMA consulta: o marcador com a versão atual do certame ao lado."""
    ultimo = (
        Registro.objects.filter(certame_id=OuterRef("certame_id"))
        .order_by()
        .values("certame_id")
        .annotate(m=Max("id"))
        .values("m")
    )
    pub = (
        PublicacaoSituacoes.objects.filter(certame_id=certame.pk)
        .annotate(atual=Subquery(ultimo))
        .first()
    )
    if pub is not None and pub.geracao and pub.versao >= (pub.atual or 0):
        return pub
    if pub is not None and pub.geracao and settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO:
        # Certame grande: a montagem leva mais que um pedido; quem reserva monta numa thread
        # do próprio processo e todos servem a geração anterior até a troca.
        if reservar(certame):
            _em_segundo_plano(partial(_montar_e_liberar, certame))
        return pub
    nova = publicar(certame)
    if nova is not None:
        return nova
    return pub if pub is not None and pub.geracao else None


def _montar_e_liberar(certame: Certame) -> None:
    try:
        montar(certame)
    finally:
        liberar(certame)
        if threading.current_thread() is not threading.main_thread():
            connection.close()


def _em_segundo_plano(tarefa: Callable[[], None]) -> None:
    threading.Thread(target=tarefa, name="publicar-situacoes", daemon=True).start()


def situacao(pub: PublicacaoSituacoes, inscricao: str) -> dict[str, Any] | None:
    """Uma consulta pelo índice único (certame, geração, inscrição)."""
    achados = list(
        SituacaoPublica.objects.filter(
            certame_id=pub.certame_id, geracao=pub.geracao, inscricao=inscricao
        ).values_list("dados", flat=True)[:1]
    )
    return achados[0] if achados else None
