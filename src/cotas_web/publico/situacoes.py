"""A consulta pública materializada: monta e renova a situação de todas as inscrições.

Uma geração por versão do certame (o último registro de auditoria dele): reencena uma vez,
tira as posições de todos das listas e simula a projeção UMA vez por cargo
(`cotas.documentos.consulta.consultar_todos`). A geração nova é gravada em massa, em lotes,
e só então o marcador passa a apontar para ela; quem consulta enquanto isso vê a
anterior, com a data dela e o aviso de que um ato mais novo está sendo incorporado (nunca
como se fosse a atual). Só um processo monta de cada vez: a reserva é um UPDATE condicional no
marcador, atômico no SQLite e no PostgreSQL, renovado a cada lote; a de um processo que morreu
vence em PRAZO_RESERVA, e o trabalhador da fila (`manage.py trabalhador`), ao iniciar e de
tempos em tempos, refaz a montagem dos certames desatualizados (`retomar_montagens`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from itertools import islice
from typing import Any

import orjson
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max, OuterRef, Q, Subquery
from django.utils import timezone

from cotas.arquivos.erros import resumir
from cotas.documentos.consulta import (
    SituacaoCandidato,
    consultar_todos,
    resumo,
)
from cotas_web import ponte
from cotas_web.auditoria.models import Registro
from cotas_web.banco import inserir_em_massa
from cotas_web.certames.models import Certame
from cotas_web.tarefas import services as tarefas
from cotas_web.tarefas.models import ATIVOS, Tarefa, Tipo

from .models import PublicacaoSituacoes, SituacaoPublica
from .selectors import fonte_do_certame

LOTE = 20_000  # linhas gravadas por transação
LOTE_APAGAR = 20_000  # linhas apagadas por transação
# Uma reserva sem renovação há mais que isto é de um processo que morreu no meio: outro pode
# montar. Quem monta a renova a cada lote (segundos), então o prazo pode ser curto.
PRAZO_RESERVA = timedelta(seconds=60)


def versao_do_certame(certame_id: int) -> int:
    """O último registro de auditoria do certame: todo ato gravado muda a versão (a publicação
    de um arquivo, não: `Registro.objects.que_mudam_o_certame`)."""
    return (
        Registro.objects.que_mudam_o_certame()
        .filter(certame_id=certame_id)
        .aggregate(v=Max("id"))["v"]
        or 0
    )


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


def _renovar(certame: Certame) -> None:
    PublicacaoSituacoes.objects.filter(certame=certame, construindo_desde__isnull=False).update(
        construindo_desde=timezone.now()
    )


def liberar(certame: Certame) -> None:
    PublicacaoSituacoes.objects.filter(certame=certame).update(construindo_desde=None)


def _linhas(certame: Certame, geracao: int, fonte: Any) -> Iterator[tuple[Any, ...]]:
    """As linhas da geração nova, já como o banco as grava (`_CAMPOS`; o JSON em texto)."""
    for s in consultar_todos(fonte):
        dados = orjson.dumps(dados_publicos(s)).decode()
        yield (certame.pk, geracao, s.inscricao, s.cargo, dados)


_CAMPOS = ("certame", "geracao", "inscricao", "cargo", "dados")


def montar(certame: Certame, progresso: tarefas.Progresso | None = None) -> PublicacaoSituacoes:
    """Monta a geração nova e troca o marcador para ela (quem chama tem a reserva).

    As linhas da geração nova são gravadas em lotes, cada um na sua transação curta: ninguém as
    lê antes da troca do marcador (as consultas filtram pela geração em vigor), e assim um
    certame de 1 milhão de inscrições não segura o banco por meio minuto (no SQLite, quem grava
    um ato nesse meio tempo esperaria). Uma montagem interrompida deixa restos da geração nova,
    apagados pela próxima antes de começar."""
    versao = versao_do_certame(certame.pk)  # lida antes: um ato durante a montagem renova de novo
    pub = PublicacaoSituacoes.objects.get(certame=certame)
    if progresso is not None:
        progresso.total(certame.candidatos.count(), "Reencenando o certame…")
    anterior, nova = pub.geracao, pub.geracao + 1
    erro = ""
    fonte = None
    try:
        fonte = fonte_do_certame(certame=certame)
    except ponte.ErroCotas as e:
        erro = resumir([str(e)], 1, CARACTERES_DO_ERRO)[0]
        if tem_situacoes(pub):
            # A última geração boa fica no ar, marcada com o erro: a versão tentada é gravada
            # (não se tenta de novo a cada pedido; o próximo ato tenta), a data é a dela.
            PublicacaoSituacoes.objects.filter(pk=pub.pk, geracao=anterior).update(
                versao=versao, erro=erro
            )
            pub.refresh_from_db()
            return pub
    _apagar_em_lotes(certame, geracao=nova)  # restos de uma montagem interrompida
    if fonte is not None:
        linhas = _linhas(certame, nova, fonte)
        while lote := list(islice(linhas, LOTE)):
            with transaction.atomic():
                inserir_em_massa(SituacaoPublica, _CAMPOS, lote)
            _renovar(certame)
            if progresso is not None:
                progresso.avancar(len(lote), "Gravando a situação de cada inscrição…")
    with transaction.atomic():
        trocou = PublicacaoSituacoes.objects.filter(pk=pub.pk, geracao=anterior).update(
            geracao=nova, versao=versao, erro=erro, publicada_em=timezone.now()
        )
        if trocou != 1:
            raise RuntimeError("Outra montagem trocou a geração ao mesmo tempo.")
    _apagar_em_lotes(certame, anteriores_a=nova)
    pub.refresh_from_db()
    return pub


# O erro da reencenação que a página pública mostra: curto (a recusa do motor pode citar milhares
# de inscrições).
CARACTERES_DO_ERRO = 600


def tem_situacoes(pub: PublicacaoSituacoes) -> bool:
    """Se a geração em vigor tem a situação das inscrições (uma montagem que falhou sem outra
    boa antes dela troca para uma geração vazia, com o erro)."""
    return (
        pub.geracao > 0
        and SituacaoPublica.objects.filter(certame_id=pub.certame_id, geracao=pub.geracao).exists()
    )


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


@dataclass(frozen=True)
class Publicada:
    """O que a consulta serve: a publicação (None se ainda não há nenhuma), se ela reflete o
    último ato do certame e, se não, a tarefa que a atualiza (para a barra de progresso)."""

    pub: PublicacaoSituacoes | None
    atual: bool
    tarefa: Tarefa | None = None


def para_consulta(certame: Certame) -> Publicada:
    """A publicação a servir: a atual, renovada aqui se o certame mudou desde ela (ou, em
    segundo plano, pela fila). Enquanto outro processo renova, serve a anterior marcada como
    desatualizada, nunca como atual.

    No caminho comum é UMA consulta: o marcador com a versão atual do certame ao lado."""
    ultimo = (
        Registro.objects.que_mudam_o_certame()
        .filter(certame_id=OuterRef("certame_id"))
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
    existe = pub is not None and pub.geracao > 0
    if pub is not None and existe and pub.versao >= (pub.atual or 0):
        return Publicada(pub, atual=True)
    if settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO or _grande(certame):
        # Certame grande: a montagem leva mais que um pedido; vai para a fila e todos servem a
        # geração anterior (marcada) até a troca.
        return Publicada(pub if existe else None, atual=False, tarefa=agendar(certame))
    nova = publicar(certame)
    if nova is not None:
        return Publicada(nova, atual=True)
    # Outro processo tem a reserva (ou morreu com ela): a fila refaz quando ela vencer.
    return Publicada(pub if existe else None, atual=False, tarefa=agendar(certame))


def _grande(certame: Certame) -> bool:
    """Grande demais para montar dentro de um pedido (o mesmo limite dos arquivos públicos)."""
    return certame.candidatos.count() > settings.PUBLICO_ARQUIVOS_NA_HORA_ATE


def vigente(certame: Certame) -> PublicacaoSituacoes | None:
    """A publicação a servir (atual ou, enquanto outro processo renova, a anterior)."""
    return para_consulta(certame).pub


def agendar(certame: Certame) -> Tarefa:
    """Põe a montagem do certame na fila (uma só por certame, por mais que a peçam)."""
    return tarefas.iniciar(
        tipo=Tipo.SITUACOES,
        chave=f"situacoes:{certame.pk}",
        trabalho="cotas_web.publico.situacoes.trabalho_montar",
        certame=certame,
        versao=versao_do_certame(certame.pk),
        publica=True,
        parametros={"certame": certame.pk},
    )


def trabalho_montar(tarefa: Tarefa, progresso: tarefas.Progresso) -> tarefas.Resultado:
    """A tarefa da fila: espera a reserva (a de um processo morto vence em PRAZO_RESERVA) e
    monta; de novo, se um ato chegou durante a montagem."""
    certame = Certame.objects.get(pk=tarefa.parametros["certame"])
    pub = None
    for _ in range(5):
        if not _esperar_reserva(certame, progresso):
            raise RuntimeError("Outro processo segura a montagem além do prazo.")
        try:
            pub = PublicacaoSituacoes.objects.get(certame=certame)
            if pub.geracao and pub.versao >= versao_do_certame(certame.pk):
                break  # quem tinha a reserva já montou a versão atual
            pub = montar(certame, progresso)
        finally:
            liberar(certame)
        if pub.versao >= versao_do_certame(certame.pk):
            break
    assert pub is not None
    return tarefas.Resultado(mensagem=f"Consulta atualizada (versão {pub.versao}).")


def _esperar_reserva(certame: Certame, progresso: tarefas.Progresso) -> bool:
    limite = time.monotonic() + PRAZO_RESERVA.total_seconds() + 5
    while not reservar(certame):
        if time.monotonic() > limite:
            return False
        progresso.avancar(0, "Esperando outra atualização em andamento terminar…")
        time.sleep(1)
    return True


def retomar_montagens() -> None:
    """Ao iniciar o trabalhador e depois de tempos em tempos: solta as reservas vencidas (de
    processos que morreram) e põe na fila a montagem de cada certame homologado cuja consulta
    não reflete o último ato."""
    ultimo = (
        Registro.objects.que_mudam_o_certame()
        .filter(certame_id=OuterRef("certame_id"))
        .order_by()
        .values("certame_id")
        .annotate(m=Max("id"))
        .values("m")
    )
    PublicacaoSituacoes.objects.filter(construindo_desde__lt=timezone.now() - PRAZO_RESERVA).update(
        construindo_desde=None
    )
    atrasadas = (
        PublicacaoSituacoes.objects.filter(certame__homologado_em__isnull=False)
        .annotate(atual=Subquery(ultimo))
        .select_related("certame")
    )
    em_fila = set(
        Tarefa.objects.filter(tipo=Tipo.SITUACOES, estado__in=ATIVOS).values_list(
            "certame_id", flat=True
        )
    )
    for pub in atrasadas:
        if pub.versao < (pub.atual or 0) and pub.certame_id not in em_fila:
            agendar(pub.certame)


def situacao(pub: PublicacaoSituacoes, inscricao: str) -> dict[str, Any] | None:
    """Uma consulta pelo índice único (certame, geração, inscrição)."""
    achados = list(
        SituacaoPublica.objects.filter(
            certame_id=pub.certame_id, geracao=pub.geracao, inscricao=inscricao
        ).values_list("dados", flat=True)[:1]
    )
    return achados[0] if achados else None
