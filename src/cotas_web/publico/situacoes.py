"""A consulta pública materializada: monta e renova a situação das inscrições, por diferença.

A cada versão do certame (o último registro de auditoria dele) retoma o livro guardado, e só os
cargos cujo resumo mudou (`_resumos`: o livro do cargo, as nomeações publicadas dele, os
candidatos, as regras, o código que monta a situação) são montados de novo: as posições tiradas
das listas e a projeção simulada UMA vez por cargo (`cotas.documentos.consulta.consultar_todos`).
Um ato num cargo de um certame de 1 milhão de inscrições em 200 cargos regrava as 5.000 do
cargo, não o milhão; quando a lei, as regras ou os candidatos mudam, todos os cargos mudam e
tudo é montado de novo. As linhas novas são gravadas com uma geração nova, em lotes, e só então
os marcadores dos cargos mudados passam a apontar para ela, numa transação só; quem consulta
enquanto isso vê a anterior, com a data dela e o aviso de que um ato mais novo está sendo
incorporado (nunca como se fosse a atual). O que é do certame todo (a versão, a data, o erro da
reencenação) fica no marcador do certame, nunca nas linhas: as que não mudam não envelhecem.

Só um processo monta de cada vez: a reserva é um UPDATE condicional no marcador, atômico no
SQLite e no PostgreSQL, renovado a cada lote; a de um processo que morreu vence em
PRAZO_RESERVA, e o trabalhador da fila (`manage.py trabalhador`), ao iniciar e de tempos em
tempos, refaz a montagem dos certames desatualizados (`retomar_montagens`).
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from itertools import islice
from pathlib import Path
from typing import Any

import orjson
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Max, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

import cotas.documentos
from cotas.arquivos.erros import resumir
from cotas.documentos import consulta
from cotas.documentos.consulta import (
    SituacaoCandidato,
    consultar_todos,
    resumo,
)
from cotas.documentos.fonte import FonteDocumentos
from cotas_web.auditoria.models import ACOES_DE_PUBLICACAO, Registro
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.banco import inserir_em_massa
from cotas_web.certames.models import Certame
from cotas_web.ponte import estado
from cotas_web.ponte.erros import ErroCotas
from cotas_web.tarefas import services as tarefas
from cotas_web.tarefas.models import ATIVOS, Tarefa, Tipo

from .models import PublicacaoDoCargo, PublicacaoSituacoes, SituacaoPublica
from .selectors import fonte_do_certame

LOTE = 20_000  # linhas gravadas por transação
LOTE_APAGAR = 20_000  # linhas apagadas por transação
# Uma reserva sem renovação há mais que isto é de um processo que morreu no meio: outro pode
# montar. Quem monta a renova a cada lote (segundos), então o prazo pode ser curto.
PRAZO_RESERVA = timedelta(seconds=60)


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
        "saiu": s.saiu,
        "resumo": resumo(s),
        **(
            {
                "correcoes": [
                    {"data": c.data.isoformat(), "mudanca": c.mudanca, "fundamento": c.fundamento}
                    for c in s.correcoes
                ]
            }
            if s.correcoes
            else {}
        ),
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


def _linhas(
    certame: Certame, geracao: int, fonte: Any, cargos: Iterable[str]
) -> Iterator[tuple[Any, ...]]:
    """As linhas dos `cargos` na geração nova, já como o banco as grava (`_CAMPOS`; o JSON em
    texto)."""
    for s in consultar_todos(fonte, cargos):
        dados = orjson.dumps(dados_publicos(s)).decode()
        yield (certame.pk, geracao, s.inscricao, s.cargo, dados)


_CAMPOS = ("certame", "geracao", "inscricao", "cargo", "dados")


@functools.lru_cache(maxsize=1)
def versao_do_codigo() -> str:
    """O resumo do código que monta a situação (os documentos e este módulo): outro código,
    outra situação, e todos os cargos são montados de novo."""
    resumo_ = hashlib.sha256()
    raiz = Path(next(iter(cotas.documentos.__path__)))
    for arquivo in [*sorted(raiz.rglob("*.py")), Path(__file__)]:
        resumo_.update(arquivo.name.encode())
        resumo_.update(arquivo.read_bytes())
    return resumo_.hexdigest()


def _resumos(certame: Certame, fonte: FonteDocumentos) -> dict[str, str | None]:
    """De cada cargo, o resumo do que a situação das inscrições dele depende: o livro do cargo
    e as nomeações publicadas dele como o estado guardado os resume (`estado.bases_dos_cargos`),
    o que o livro pressupõe além dos candidatos (o motor e as leis, as regras, os parâmetros, os
    cargos, a validade, a abertura), a marca dos candidatos do cargo (no resumo do livro), os atos
    publicados como a página os cita, o nome do cargo e o código que monta a situação. None: não
    se sabe (o livro não veio do estado guardado), e o cargo é montado de novo."""
    bases = estado.bases_dos_cargos(fonte.certame)
    if bases is None:
        return dict.fromkeys(fonte.cargos)
    atos: dict[str, list[tuple[str, str]]] = {}
    for (cargo, inscricao), ato in (fonte.atos or {}).items():
        atos.setdefault(cargo, []).append((inscricao, ato))
    comum = [versao_do_codigo(), consulta.LIMITE_PROJECAO, bases.comum]
    saida: dict[str, str | None] = {}
    for cargo in fonte.cargos:
        if cargo not in bases.cargos:
            saida[cargo] = None
            continue
        base = [
            *comum,
            cargo,
            fonte.nome_cargo(cargo),
            bases.cargos[cargo],
            sorted(atos.get(cargo, [])),
        ]
        saida[cargo] = hashlib.sha256(orjson.dumps(base)).hexdigest()
    return saida


def montar(certame: Certame, progresso: tarefas.Progresso | None = None) -> PublicacaoSituacoes:
    """Monta de novo a situação dos cargos que mudaram e troca os marcadores deles (quem chama
    tem a reserva).

    As linhas novas são gravadas em lotes, cada um na sua transação curta: ninguém as lê antes
    da troca dos marcadores (a consulta lê a linha da geração em vigor do cargo), e assim um
    certame de 1 milhão de inscrições montado por inteiro não segura o banco por meio minuto (no
    SQLite, quem grava um ato nesse meio tempo esperaria). A troca dos marcadores de todos os
    cargos mudados e do marcador do certame é uma transação só: a consulta vê a publicação
    anterior inteira ou a nova inteira. Uma montagem interrompida deixa restos com uma geração
    que nunca entrou em vigor, nunca servidos: a montagem seguinte os apaga."""
    versao = versao_do_certame(certame.pk)  # lida antes: um ato durante a montagem renova de novo
    pub = PublicacaoSituacoes.objects.get(certame=certame)
    if progresso is not None:
        progresso.total(0, "Reencenando o certame…")
    erro = ""
    fonte = None
    try:
        fonte = fonte_do_certame(certame=certame)
    except ErroCotas as e:
        erro = resumir([str(e)], 1, CARACTERES_DO_ERRO)[0]
        if tem_situacoes(pub):
            # A última publicação boa fica no ar, marcada com o erro: a versão tentada é gravada
            # (não se tenta de novo a cada pedido; o próximo ato tenta), a data é a dela.
            PublicacaoSituacoes.objects.filter(pk=pub.pk).update(versao=versao, erro=erro)
            pub.refresh_from_db()
            return pub
    vigentes = {
        cargo: (geracao, resumo_)
        for cargo, geracao, resumo_ in PublicacaoDoCargo.objects.filter(
            certame=certame
        ).values_list("cargo", "geracao", "resumo")
    }
    em_vigor_ate = max((g for g, _ in vigentes.values()), default=0)
    if pub.geracao > em_vigor_ate:
        # Uma montagem interrompida deixou linhas de uma geração que nunca entrou em vigor.
        _apagar_em_lotes(certame, acima_de=em_vigor_ate)
    resumos = {} if fonte is None else _resumos(certame, fonte)
    mudados = [
        cargo
        for cargo, resumo_ in resumos.items()
        if resumo_ is None or cargo not in vigentes or vigentes[cargo][1] != resumo_
    ]
    removidos = set(vigentes) - set(resumos)
    nova = pub.geracao
    if mudados:
        # Um número novo, gravado antes das linhas: o de uma montagem interrompida nunca se
        # repete, e os restos dela nunca se confundem com as linhas em vigor.
        PublicacaoSituacoes.objects.filter(pk=pub.pk).update(geracao=F("geracao") + 1)
        pub.refresh_from_db()
        nova = pub.geracao
    if progresso is not None:
        progresso.total(
            certame.candidatos.filter(cargo__codigo__in=mudados).count(),
            "Gravando a situação de cada inscrição…",
        )
    if fonte is not None:
        _gravar_em_lotes(certame, nova, fonte, mudados, progresso)
    _trocar_marcadores(
        certame,
        pub.pk,
        nova,
        versao=versao,
        erro=erro,
        mudados=mudados,
        resumos=resumos,
        removidos=removidos,
    )
    for cargo in mudados:
        _apagar_em_lotes(certame, cargo=cargo, exceto=nova)
    for cargo in removidos:
        _apagar_em_lotes(certame, cargo=cargo)
    pub.refresh_from_db()
    return pub


def _gravar_em_lotes(
    certame: Certame,
    nova: int,
    fonte: FonteDocumentos,
    mudados: list[str],
    progresso: tarefas.Progresso | None,
) -> None:
    """As linhas da geração `nova` dos cargos mudados, cada lote na sua transação curta."""
    linhas = _linhas(certame, nova, fonte, mudados)
    while lote := list(islice(linhas, LOTE)):
        with transaction.atomic():
            inserir_em_massa(SituacaoPublica, _CAMPOS, lote)
        _renovar(certame)
        if progresso is not None:
            progresso.avancar(len(lote), "Gravando a situação de cada inscrição…")


@transaction.atomic
def _trocar_marcadores(
    certame: Certame,
    publicacao: int,
    nova: int,
    *,
    versao: int,
    erro: str,
    mudados: list[str],
    resumos: dict[str, str | None],
    removidos: set[str],
) -> None:
    """A troca dos marcadores dos cargos mudados e do certame, numa transação só: a consulta vê
    a publicação anterior inteira ou a nova inteira."""
    trocou = PublicacaoSituacoes.objects.filter(pk=publicacao, geracao=nova).update(
        versao=versao, erro=erro, publicada_em=timezone.now()
    )
    if trocou != 1:
        raise RuntimeError("Outra montagem começou ao mesmo tempo.")
    PublicacaoDoCargo.objects.filter(certame=certame, cargo__in=[*mudados, *removidos]).delete()
    PublicacaoDoCargo.objects.bulk_create(
        PublicacaoDoCargo(certame=certame, cargo=cargo, geracao=nova, resumo=resumos[cargo] or "")
        for cargo in mudados
    )


# O erro da reencenação que a página pública mostra: curto (a recusa do motor pode citar milhares
# de inscrições).
CARACTERES_DO_ERRO = 600


def em_vigor(certame_id: int) -> QuerySet[SituacaoPublica]:
    """As linhas servidas: de cada inscrição, a da geração em vigor do cargo dela."""
    geracao = PublicacaoDoCargo.objects.filter(
        certame_id=OuterRef("certame_id"), cargo=OuterRef("cargo")
    ).values("geracao")[:1]
    return SituacaoPublica.objects.filter(certame_id=certame_id, geracao=Subquery(geracao))


def linhas_da_geracao(pub: PublicacaoSituacoes) -> QuerySet[SituacaoPublica]:
    """As linhas gravadas pela última montagem que começou geração (as dos cargos que ela
    montou de novo)."""
    return SituacaoPublica.objects.filter(certame_id=pub.certame_id, geracao=pub.geracao)


def tem_situacoes(pub: PublicacaoSituacoes) -> bool:
    """Se a publicação em vigor tem a situação das inscrições (uma montagem que falhou sem outra
    boa antes dela entra em vigor sem linhas, com o erro)."""
    return pub.publicada_em is not None and em_vigor(pub.certame_id).exists()


def _apagar_em_lotes(
    certame: Certame,
    *,
    cargo: str | None = None,
    exceto: int | None = None,
    acima_de: int | None = None,
) -> None:
    """Apaga linhas em lotes, cada um na sua transação curta (um comando por lote, que escolhe as
    linhas no próprio banco): as do `cargo` (as de outra geração que não `exceto`), pelo índice
    (certame, cargo, geração); ou as de gerações `acima_de` (restos de uma montagem
    interrompida, raros: percorre as linhas do certame)."""
    tabela = connection.ops.quote_name(SituacaoPublica._meta.db_table)
    condicoes: list[str] = ["certame_id = %s"]
    parametros: list[Any] = [certame.pk]
    if cargo is not None:
        condicoes.append("cargo = %s")
        parametros.append(cargo)
    if exceto is not None:
        condicoes.append("geracao <> %s")
        parametros.append(exceto)
    if acima_de is not None:
        condicoes.append("geracao > %s")
        parametros.append(acima_de)
    sql = (
        f"DELETE FROM {tabela} WHERE id IN (SELECT id FROM {tabela} "
        f"WHERE {' AND '.join(condicoes)} LIMIT {LOTE_APAGAR})"
    )
    while True:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, parametros)
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


@functools.cache
def _sql_do_marcador() -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """O marcador com o último ato que muda o certame ao lado (a versão que ele deveria ter) e a
    linha de uma inscrição (a mesma de `situacao`), em SQL montado uma vez: montar esta consulta
    pelo ORM custava mais que o resto da consulta pública quando a página sai da casca
    (publico/casca_da_consulta.py). Numa consulta só, a linha é da mesma versão que o marcador."""
    pub, registro = PublicacaoSituacoes._meta.db_table, Registro._meta.db_table
    campos = tuple(f.attname for f in PublicacaoSituacoes._meta.concrete_fields)
    colunas = ", ".join(f"p.{f.column}" for f in PublicacaoSituacoes._meta.concrete_fields)
    acoes = tuple(str(a) for a in ACOES_DE_PUBLICACAO)
    sql = (
        f"SELECT {colunas}, (SELECT MAX(r.id) FROM {registro} r WHERE r.certame_id = p.certame_id "
        f"AND r.acao NOT IN ({', '.join(['%s'] * len(acoes))})) AS atual, "
        f"({_sql_da_situacao('p.certame_id')}) AS dados "
        f"FROM {pub} p WHERE p.certame_id = %s"
    )
    return sql, acoes, campos


class _NaoLido:
    """(O marcador ainda não lido neste pedido; None é "lido, e não há publicação".)"""


NAO_LIDO = _NaoLido()


def marcador(certame_pk: int, inscricao: str | None = None) -> PublicacaoSituacoes | None:
    """A publicação do certame com `atual`, o último ato que muda o certame, e, se pedida, a
    linha da inscrição (`lida_com_o_marcador`): uma consulta."""
    sql, acoes, campos = _sql_do_marcador()
    with connection.cursor() as cursor:
        cursor.execute(sql, (*acoes, inscricao, certame_pk))
        linha = cursor.fetchone()
    if linha is None:
        return None
    *valores, atual, dados = linha
    pub = PublicacaoSituacoes.from_db(connection.alias, list(campos), valores)
    pub.atual = atual  # type: ignore[attr-defined]
    pub.dados_lidos = _dados(dados)  # type: ignore[attr-defined]
    return pub


def lida_com_o_marcador(pub: PublicacaoSituacoes) -> dict[str, Any] | None:
    """A situação da inscrição lida com o marcador (None: não há essa inscrição)."""
    dados: dict[str, Any] | None = getattr(pub, "dados_lidos", None)
    return dados


def em_dia(pub: PublicacaoSituacoes) -> bool:
    """A publicação lida pelo `marcador` reflete o último ato que muda o certame."""
    ultimo: int | None = getattr(pub, "atual", None)
    return pub.versao >= (ultimo or 0)


def para_consulta(
    certame: Certame, lido: PublicacaoSituacoes | _NaoLido | None = NAO_LIDO
) -> Publicada:
    """A publicação a servir: a atual, renovada aqui se o certame mudou desde ela (ou, em
    segundo plano, pela fila). Enquanto outro processo renova, serve a anterior marcada como
    desatualizada, nunca como atual.

    No caminho comum é UMA consulta, o marcador (ou nenhuma, se o pedido já o leu: `lido`)."""
    pub = marcador(certame.pk) if isinstance(lido, _NaoLido) else lido
    existe = pub is not None and pub.publicada_em is not None
    if pub is not None and existe and em_dia(pub):
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
    """Grande demais para montar dentro de um pedido (o mesmo limite dos arquivos públicos).
    (Se há uma inscrição além do limite: contar um milhão a cada pedido custaria dezenas de
    milissegundos.)"""
    limite = settings.PUBLICO_ARQUIVOS_NA_HORA_ATE
    return certame.candidatos.order_by()[limite : limite + 1].exists()


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


def ao_registrar(sender: Any, instance: Registro, created: bool, **_: Any) -> None:
    """Um ato novo no certame (um registro de auditoria que muda a versão): depois do commit, a
    montagem da situação pública vai para a fila, e a consulta mostra o ato em segundos, sem
    esperar a próxima consulta nem a volta do trabalhador (`retomar_montagens`). Ligado no
    `ready` do app. Só onde a montagem é da fila (produção, ou certame grande): nos pequenos,
    fora da produção, a próxima consulta monta na hora."""
    if not created or instance.certame_id is None or instance.acao in ACOES_DE_PUBLICACAO:
        return
    certame_id = instance.certame_id
    transaction.on_commit(lambda: _agendar_depois_do_ato(certame_id))


def _agendar_depois_do_ato(certame_id: int) -> None:
    pub = (
        PublicacaoSituacoes.objects.filter(
            certame_id=certame_id,
            publicada_em__isnull=False,
            certame__homologado_em__isnull=False,
        )
        .select_related("certame")
        .first()
    )
    if pub is None:
        return  # nunca publicada: a primeira montagem é da homologação ou da consulta
    if not (settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO or _grande(pub.certame)):
        return
    if pub.versao < versao_do_certame(certame_id):
        agendar(pub.certame)


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
            if pub.publicada_em and pub.versao >= versao_do_certame(certame.pk):
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
    """Uma consulta pelo índice único (certame, inscrição, geração): as linhas da inscrição
    (uma; duas enquanto o cargo dela é montado de novo) e, delas, a da geração em vigor do cargo,
    pela restrição única (certame, cargo) dos marcadores. É `em_vigor` em SQL montado uma vez."""
    with connection.cursor() as cursor:
        cursor.execute(_sql_da_situacao("%s"), (inscricao, pub.certame_id))
        linha = cursor.fetchone()
    return None if linha is None else _dados(linha[0])


@functools.cache
def _sql_da_situacao(certame: str) -> str:
    """A linha em vigor de uma inscrição (o parâmetro é a inscrição) do `certame` (uma coluna
    ou o parâmetro seguinte)."""
    s, c = SituacaoPublica._meta.db_table, PublicacaoDoCargo._meta.db_table
    return (
        f"SELECT s.dados FROM {s} s WHERE s.inscricao = %s AND s.certame_id = {certame} AND "
        f"s.geracao = (SELECT c.geracao FROM {c} c WHERE c.certame_id = s.certame_id "
        "AND c.cargo = s.cargo) LIMIT 1"
    )


def _dados(dados: str | bytes | dict[str, Any] | None) -> dict[str, Any] | None:
    """A coluna JSON lida por SQL: texto no SQLite; o psycopg pode já entregá-la lida."""
    if dados is None or isinstance(dados, dict):
        return dados
    lido: dict[str, Any] = orjson.loads(dados)
    return lido
