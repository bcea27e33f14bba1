"""Comissão de heteroidentificação (parâmetros `heteroidentificacao.*` da lei do certame).

O parecer é fato registrado pela comissão, nunca calculado por padrão: a aplicação registra os
votos e os fatos e o motor aplica a regra da lei (`cotas.motor.comissao.decidir_verificacao`).
Cada fundamento e cada artigo citado vêm dos dados da lei.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.candidatos.models import Candidato, Heteroidentificacao
from cotas_web.certames import datas
from cotas_web.certames.models import Certame
from cotas_web.certames.services import (
    certame_travar,
    gravar_sem_efeito,
    pedido_anterior,
    pedido_concluir,
)
from cotas_web.ponte import leis, verificacao
from cotas_web.ponte.erros import ComissaoInvalida, ErroCotas
from cotas_web.ponte.tipos import RegraGrupo
from cotas_web.ponte.verificacao import (
    Integrante,
    conferir_composicao,
    conferir_recurso,
    decidir_verificacao,
)

from .models import (
    Convocacao,
    DecisaoRecurso,
    Gravacao,
    Membro,
    Recorrente,
    Recurso,
    Sessao,
    Voto,
)

T = TypeVar("T")


def _travar_convocacao(convocacao: Convocacao) -> tuple[Convocacao, Certame]:
    """O certame travado e, só então, a convocação relida (o que está gravado agora)."""
    certame_id = Sessao.objects.values_list("certame_id", flat=True).get(pk=convocacao.sessao_id)
    certame = certame_travar(certame_id)
    relida = Convocacao.objects.select_related("sessao", "candidato").get(pk=convocacao.pk)
    return relida, certame


def _regra_comissao(certame: Certame) -> Any:
    if not certame.exige_comissao:
        raise ValidationError("A lei deste certame não prevê comissão de heteroidentificação.")
    regras = leis.regras_do_certame(certame)
    if regras.comissao is None:
        raise ValidationError("A lei deste certame não prevê comissão de heteroidentificação.")
    return regras.comissao


def grupo_da_comissao(certame: Certame) -> RegraGrupo:
    """O grupo da lei que a comissão verifica (`<grupo>.verificacao = "heteroidentificacao"`)."""
    try:
        grupo = verificacao.grupo_da_comissao(leis.regras_do_certame(certame))
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from None
    if grupo is None:
        raise ValidationError(
            "A lei deste certame não verifica nenhum grupo por comissão de heteroidentificação."
        )
    return grupo


def _fund(certame: Certame, *chaves: str) -> str:
    """A citação dos parâmetros `heteroidentificacao.<chave>` da lei (ou, se a lei não os
    traz, a própria lei)."""
    refs = [r.citacao() for r in _regra_comissao(certame).refs(*chaves)]
    return "; ".join(refs) or leis.regras_do_certame(certame).lei.norma


def _entre_parenteses(certame: Certame, chave: str) -> str:
    """ " (<artigo>)" do parâmetro `heteroidentificacao.<chave>` da lei, ou nada."""
    ref = _regra_comissao(certame).referencias.get(chave)
    return f" ({ref.artigo})" if ref else ""


def _exigir_sessao_aberta(sessao: Sessao, o_que: str) -> None:
    """A sessão encerrada tem a ata fechada: nada mais se registra nela."""
    if sessao.encerrada_em is not None:
        raise ValidationError(
            f"{o_que} recusada: a sessão de {sessao.data:%d/%m/%Y} foi encerrada em "
            f"{timezone.localtime(sessao.encerrada_em):%d/%m/%Y} e a ata dela está fechada; "
            "marque uma nova sessão."
        )


def _exigir_sessao_realizada(sessao: Sessao, o_que: str, *, recusado: str = "recusada") -> None:
    """A sessão marcada para depois de hoje ainda não aconteceu: nada do que acontece nela se
    registra antes do dia dela (`datas.exigir_sessao_realizada`)."""
    datas.exigir_sessao_realizada(sessao.data, o_que, recusado=recusado)


def _exigir_aberto(certame: Certame) -> None:
    if certame.homologado:
        raise ValidationError(
            "A verificação ocorre antes de homologada a classificação final"
            f"{_entre_parenteses(certame, 'momento')}; este certame já foi homologado."
        )


@transaction.atomic
def membro_adicionar(
    *,
    usuario: User,
    certame: Certame,
    nome: str,
    genero: str,
    cor_raca: str,
    usuario_membro: Any = None,
    token: str = "",
) -> Membro:
    """A comissão tem o número de integrantes da lei (`heteroidentificacao.membros`). O mesmo
    formulário enviado de novo (`token`) devolve o integrante já incluído."""
    certame = certame_travar(certame.pk)
    if (anterior := pedido_anterior(token, "membro_adicionar", Membro)) is not None:
        return anterior
    regra = _regra_comissao(certame)
    if certame.membros_comissao.count() >= regra.membros:
        raise ValidationError(
            f"A comissão já tem os {regra.membros} integrantes"
            f"{_entre_parenteses(certame, 'membros')}."
        )
    if usuario_membro is not None:
        from cotas_web.contas.permissoes import COMISSAO, papel_de

        if papel_de(usuario_membro) != COMISSAO:
            raise ValidationError(
                f"O login {usuario_membro.get_username()} não tem o papel de membro da comissão."
            )
        if certame.membros_comissao.filter(usuario=usuario_membro).exists():
            raise ValidationError(
                f"O login {usuario_membro.get_username()} já integra a comissão deste certame."
            )
    membro = Membro.objects.create(
        certame=certame, nome=nome, genero=genero, cor_raca=cor_raca, usuario=usuario_membro
    )
    pedido_concluir(token, membro)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.MEMBRO_DA_COMISSAO_DESIGNADO,
        descricao=f"{nome} integra a comissão ({genero}, {cor_raca})"
        + (
            f", com acesso pelo login {usuario_membro.get_username()}."
            if usuario_membro
            else ", sem acesso ao sistema."
        ),
        fundamento=_fund(certame, "membros"),
    )
    return membro


@transaction.atomic
def sessao_criar(
    *, usuario: User, certame: Certame, data: date, local: str, token: str = ""
) -> Sessao:
    """Marca a sessão; o mesmo formulário enviado de novo (`token`) devolve a já marcada."""
    certame = certame_travar(certame.pk)
    if (anterior := pedido_anterior(token, "sessao_criar", Sessao)) is not None:
        return anterior
    _regra_comissao(certame)
    _exigir_aberto(certame)
    datas.exigir_entre_edital_e_hoje(certame, data, "Sessão da comissão", marcado=True)
    sessao = Sessao.objects.create(certame=certame, data=data, local=local)
    pedido_concluir(token, sessao)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.SESSAO_MARCADA,
        descricao=f"Sessão de verificação marcada para {data:%d/%m/%Y} em {local}.",
        fundamento=_fund(certame, "exigida"),
    )
    return sessao


def a_convocar(*, certame: Certame) -> QuerySet[Candidato]:
    """Aprovados que optaram pelo grupo que a comissão verifica (autodeclarados de uma das cores
    da lei), ainda sem parecer nem convocação aguardando registro (`heteroidentificacao.exigida`
    e `.momento`)."""
    grupo = grupo_da_comissao(certame)
    return (
        Candidato.objects.filter(certame=certame)
        .aguardando_parecer(grupo.nome, tuple(grupo.cores))
        .exclude(convocacoes__resultado="")
        .select_related("cargo")
    )


_LOTE = 5000  # convocações gravadas por comando (e ids por UPDATE: abaixo do limite do SQLite)
_LISTADOS = 200  # inscrições citadas no histórico de auditoria; as demais, pela contagem


@transaction.atomic
def candidatos_convocar(
    *, usuario: User, sessao: Sessao, candidatos: Collection[int] | None = None
) -> list[Convocacao]:
    """Convoca quem aguarda parecer (todos, ou só os `candidatos` escolhidos: a convocação
    parcial), lido sob a trava do certame: dois pedidos simultâneos não põem o mesmo candidato
    em duas sessões; o segundo não acha ninguém e é recusado."""
    certame = certame_travar(sessao.certame_id)
    sessao = Sessao.objects.get(pk=sessao.pk)
    _regra_comissao(certame)
    _exigir_aberto(certame)
    _exigir_sessao_aberta(sessao, "Convocação")
    escolhidos = a_convocar(certame=certame)
    if candidatos is not None:
        pedidos = set(candidatos)
        if not pedidos:
            raise ValidationError("Escolha ao menos um candidato a convocar.")
        escolhidos = escolhidos.filter(pk__in=pedidos)
        fora = pedidos - set(escolhidos.values_list("pk", flat=True))
        if fora:
            recusadas = Candidato.objects.filter(pk__in=fora, certame=certame).values_list(
                "inscricao", flat=True
            )
            raise ValidationError(
                "Convocação recusada: não aguardam convocação (já têm parecer, já estão "
                "convocados ou não optaram pelo grupo que a comissão verifica): "
                + (", ".join(sorted(recusadas)) or f"{len(fora)} candidato(s) de outro certame")
                + "."
            )
    if not escolhidos.exists():
        raise ValidationError(
            "Não há candidatos a convocar: todos os autodeclarados já têm parecer ou já estão "
            "convocados para uma sessão."
        )
    # Em lote: num certame grande são dezenas de milhares de convocações numa sessão.
    convocados = Convocacao.objects.bulk_create(
        [Convocacao(sessao=sessao, candidato=c) for c in escolhidos],
        batch_size=_LOTE,
    )
    ids = [c.candidato_id for c in convocados]
    grupo = grupo_da_comissao(certame).nome
    for k in range(0, len(ids), _LOTE):
        Candidato.objects.filter(pk__in=ids[k : k + _LOTE]).gravar_verificacao(
            grupo, Heteroidentificacao.PENDENTE
        )
    inscricoes = [c.candidato.inscricao for c in convocados]
    lista = ", ".join(inscricoes[:_LISTADOS])
    if len(inscricoes) > _LISTADOS:
        lista += (
            f" e mais {len(inscricoes) - _LISTADOS} (todas nas convocações da sessão, com a "
            "inscrição de cada um)"
        )
    restam = a_convocar(certame=certame).count()
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CANDIDATOS_CONVOCADOS,
        descricao=(
            f"Convocados {len(convocados)} candidato(s) para a sessão de "
            f"{sessao.data:%d/%m/%Y}: {lista}"
            + (f". Restam {restam} a convocar." if restam else ".")
        ),
        fundamento=_fund(certame, "exigida", "momento"),
        dados={"fatos": {"pendentes": ids, "grupo": grupo}},
    )
    return convocados


def _sem_analise_com_votos(compareceu: bool, recusou_filmagem: bool) -> str:
    """Votos num candidato que a comissão não analisou: recusados, nunca descartados em
    silêncio (o registro contradiria a si mesmo)."""
    if not compareceu:
        motivo = "um candidato registrado como ausente não pode ter votos"
    elif recusou_filmagem:
        motivo = "um candidato que recusou a filmagem não é analisado e não pode ter votos"
    else:
        motivo = "um candidato que não respondeu às perguntas não é analisado e não pode ter votos"
    return (
        f"Verificação recusada: {motivo}. Marque “Compareceu” (e desmarque as recusas) para "
        "registrar os votos, ou deixe os votos em branco."
    )


def integrantes(membros: list[Membro]) -> list[Integrante]:
    """Os integrantes como o motor os confere (gênero e cor declarados)."""
    return [Integrante(m.nome, m.genero, m.cor_raca) for m in membros]


def _motor(funcao: Callable[[], T]) -> T:
    """A regra do motor; a recusa dele (com o artigo da lei) vira a mensagem da tela."""
    try:
        return funcao()
    except ComissaoInvalida as erro:
        raise ValidationError(str(erro)) from None


def _conferir_votos(
    membros: list[Membro], votos: dict[int, bool | None], ausentes: Collection[int]
) -> None:
    """Cada integrante tem o seu fato registrado (voto, abstenção ou ausência), nunca suposto."""
    faltam = [m.nome for m in membros if m.pk not in votos and m.pk not in ausentes]
    if faltam:
        raise ValidationError("Falta o voto (ou a ausência) de: " + ", ".join(faltam) + ".")
    duplos = [m.nome for m in membros if m.pk in votos and m.pk in ausentes]
    if duplos:
        raise ValidationError(
            "Integrante registrado como ausente e com voto: " + ", ".join(duplos) + "."
        )


@transaction.atomic
def verificacao_registrar(
    *,
    usuario: User,
    convocacao: Convocacao,
    compareceu: bool,
    recusou_filmagem: bool = False,
    recusou_perguntas: bool = False,
    votos: dict[int, bool | None] | None = None,
    ausentes: Collection[int] = (),
    parecer: str = "",
) -> Convocacao:
    """Registra os fatos — o comparecimento, as recusas, a presença e o voto de cada integrante
    (None: absteve-se) e o parecer escrito — e o motor decide pela regra da lei
    (`cotas.motor.comissao`: a composição da comissão, a regra de decisão e o destino de quem
    não é reconhecido)."""
    convocacao, certame = _travar_convocacao(convocacao)
    return _verificacao_sob_trava(
        usuario=usuario,
        certame=certame,
        convocacao=convocacao,
        membros=list(certame.membros_comissao.all()),
        fatos=FatosVerificacao(
            compareceu=compareceu,
            recusou_filmagem=recusou_filmagem,
            recusou_perguntas=recusou_perguntas,
            votos=votos or {},
            ausentes=frozenset(ausentes),
            parecer=parecer,
        ),
    )


@dataclass(frozen=True)
class FatosVerificacao:
    """O que a comissão registra de uma verificação (uma linha do registro em lote)."""

    compareceu: bool
    recusou_filmagem: bool = False
    recusou_perguntas: bool = False
    votos: dict[int, bool | None] = field(default_factory=dict)  # membro → voto (None: absteve)
    ausentes: frozenset[int] = frozenset()
    parecer: str = ""


def _exigir_verificacao_pendente(convocacao: Convocacao) -> None:
    """A convocação ainda sem parecer, e não tornada sem efeito."""
    if convocacao.sem_efeito_em is not None:
        raise ValidationError(
            f"O parecer desta convocação foi tornado sem efeito ({convocacao.sem_efeito_texto}): "
            "convoque o(a) candidato(a) para uma nova sessão."
        )
    if convocacao.resultado:
        raise ValidationError("A verificação deste candidato já foi registrada nesta sessão.")


def _gravar_verificacao(
    convocacao: Convocacao,
    fatos: FatosVerificacao,
    resultado: Heteroidentificacao,
    membros_que_analisaram: list[Membro],
) -> None:
    """O que se registrou da verificação na convocação e, se a comissão analisou, o voto (ou a
    ausência) de cada membro."""
    convocacao.compareceu = fatos.compareceu
    convocacao.recusou_filmagem = fatos.recusou_filmagem
    convocacao.recusou_perguntas = fatos.recusou_perguntas
    convocacao.resultado = resultado
    convocacao.parecer = fatos.parecer.strip()
    convocacao.registrado_em = timezone.now()
    convocacao.save()
    if membros_que_analisaram:
        Voto.objects.bulk_create(
            [
                Voto(
                    convocacao=convocacao,
                    membro=m,
                    presente=m.pk in fatos.votos,
                    reconhece=fatos.votos.get(m.pk),
                )
                for m in membros_que_analisaram
            ]
        )


def verificacao_conferir(*, certame: Certame, convocacao: Convocacao) -> Any:
    """O que recusa registrar a verificação antes de quaisquer fatos dela (o certame homologado,
    a sessão encerrada ou ainda por acontecer, a verificação já registrada ou tornada sem
    efeito): o ato o confere sob a trava, e a tela, antes de mostrar o formulário. Devolve a
    regra da comissão."""
    regra = _regra_comissao(certame)
    _exigir_aberto(certame)
    _exigir_sessao_aberta(convocacao.sessao, "Verificação")
    _exigir_sessao_realizada(convocacao.sessao, "Verificação")
    _exigir_verificacao_pendente(convocacao)
    return regra


def _verificacao_sob_trava(
    *,
    usuario: User,
    certame: Certame,
    convocacao: Convocacao,
    membros: list[Membro],
    fatos: FatosVerificacao,
) -> Convocacao:
    """A verificação de um candidato, com o certame já travado por quem chama (uma ou várias
    na mesma transação): um registro de auditoria por verificação."""
    regra = verificacao_conferir(certame=certame, convocacao=convocacao)
    votos = fatos.votos
    ausentes = fatos.ausentes
    compareceu, recusou_filmagem = fatos.compareceu, fatos.recusou_filmagem
    recusou_perguntas = fatos.recusou_perguntas
    analisa = compareceu and not recusou_filmagem and not recusou_perguntas
    if (votos or ausentes) and not analisa:
        raise ValidationError(_sem_analise_com_votos(compareceu, recusou_filmagem))
    if analisa:
        _motor(lambda: conferir_composicao(regra, integrantes(membros)))
        _conferir_votos(membros, votos, ausentes)
    presentes = [m for m in membros if m.pk in votos] if analisa else []
    decisao = _motor(
        lambda: decidir_verificacao(
            regra,
            compareceu=compareceu,
            recusou_filmagem=recusou_filmagem,
            recusou_perguntas=recusou_perguntas,
            votos=[votos[m.pk] for m in presentes],
        )
    )
    resultado = Heteroidentificacao(decisao.resultado)
    _gravar_verificacao(convocacao, fatos, resultado, membros if analisa else [])
    candidato = convocacao.candidato
    grupo = grupo_da_comissao(certame).nome
    candidato.gravar_verificacao(grupo, resultado)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.PARECER_REGISTRADO,
        descricao=f"Verificação da inscrição {candidato.inscricao}: {decisao.razao}"
        + (f" Parecer da comissão: {convocacao.parecer}" if convocacao.parecer else ""),
        # a regra de decisão e o destino de quem não é reconhecido, como o ato os cita
        fundamento=_fund(
            certame,
            "decisao",
            "decisao_percentual",
            "decisao_base",
            regra.chave_do_destino(decisao.resultado),
        ),
        dados={
            "convocacao": convocacao.pk,
            "resultado": resultado,
            "fatos": pelo_registro.fatos_parecer(candidato, grupo, resultado),
        },
    )
    return convocacao


@transaction.atomic
def verificacoes_registrar_em_lote(
    *, usuario: User, sessao: Sessao, linhas: Mapping[int, FatosVerificacao]
) -> list[Convocacao]:
    """As verificações de vários convocados de uma sessão (convocação → fatos) num ato: uma
    trava, uma transação, um registro de auditoria por verificação. Uma linha recusada recusa
    o lote inteiro, com o erro de cada linha (inscrição e motivo), e nada fica gravado."""
    certame = certame_travar(sessao.certame_id)
    sessao = Sessao.objects.get(pk=sessao.pk)
    if not linhas:
        raise ValidationError("Nenhuma verificação preenchida: marque o comparecimento de cada um.")
    _exigir_sessao_realizada(
        sessao, "Registro das verificações", recusado="recusado"
    )  # (uma vez, não a cada linha)
    membros = list(certame.membros_comissao.all())
    convocacoes = {
        c.pk: c
        for c in Convocacao.objects.select_related("sessao", "candidato").filter(
            pk__in=list(linhas), sessao=sessao
        )
    }
    erros: list[str] = []
    feitas: list[Convocacao] = []
    for pk, fatos in linhas.items():
        conv = convocacoes.get(pk)
        if conv is None:
            erros.append(f"Convocação {pk}: não é desta sessão.")
            continue
        try:
            with transaction.atomic():  # a linha recusada não deixa nada; as demais seguem
                feitas.append(
                    _verificacao_sob_trava(
                        usuario=usuario,
                        certame=certame,
                        convocacao=conv,
                        membros=membros,
                        fatos=fatos,
                    )
                )
        except ValidationError as erro:
            erros.append(f"Inscrição {conv.candidato.inscricao}: " + " ".join(erro.messages))
    if erros:
        raise ValidationError(erros)
    return feitas


# Fotos, vídeos e áudios que a comissão grava, reconhecidos pelo conteúdo (os primeiros bytes),
# nunca pelo tipo que o navegador declara: um SVG ou HTML que se diga "image/png" traz script.
TIPOS_GRAVACAO = frozenset(
    {
        "image/jpeg",
        "image/png",
        "video/mp4",
        "video/quicktime",
        "video/webm",
        "video/x-matroska",
        "video/x-m4v",
        "video/3gpp",
        "audio/mp4",
        "audio/ogg",
        "audio/mpeg",
        "audio/x-wav",
    }
)
TIPO_DESCONHECIDO = "application/octet-stream"


def tipo_da_gravacao(cabeca: bytes) -> str | None:
    """O tipo do arquivo pelo seu conteúdo, se for um dos aceitos; senão None."""
    import filetype

    achado = filetype.guess(cabeca)
    return achado.mime if achado is not None and achado.mime in TIPOS_GRAVACAO else None


def _ler_cabeca(arquivo: Any) -> bytes:
    arquivo.seek(0)
    cabeca = bytes(arquivo.read(8192))
    arquivo.seek(0)
    return cabeca


@transaction.atomic
def gravacao_anexar(
    *, usuario: User, convocacao: Convocacao, arquivo: UploadedFile[bytes]
) -> Gravacao:
    """Filmagem e/ou fotografia, de uso exclusivo da comissão
    (`heteroidentificacao.registro_audiovisual`)."""
    convocacao, certame = _travar_convocacao(convocacao)
    _regra_comissao(certame)
    _exigir_sessao_aberta(convocacao.sessao, "Gravação")
    _exigir_sessao_realizada(convocacao.sessao, "Gravação")
    tipo = tipo_da_gravacao(_ler_cabeca(arquivo))
    if tipo is None:
        raise ValidationError(
            f"Gravação “{arquivo.name}” recusada: envie uma foto ou um vídeo (JPEG, PNG, MP4, "
            "MOV, WebM, MKV, OGG, MP3 ou WAV); o conteúdo do arquivo não é de nenhum desses "
            "formatos."
        )
    gravacao = Gravacao(
        convocacao=convocacao, nome_original=arquivo.name or "gravacao", tipo_conteudo=tipo
    )
    gravacao.arquivo.save(arquivo.name or "gravacao", arquivo, save=False)
    gravacao.save()
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.GRAVACAO_GUARDADA,
        descricao=(
            f"Gravação anexada à verificação da inscrição {convocacao.candidato.inscricao} "
            "(acesso exclusivo da comissão)."
        ),
        fundamento=_fund(certame, "registro_audiovisual"),
    )
    return gravacao


@transaction.atomic
def sessao_registrar_ata(*, usuario: User, sessao: Sessao, ata: str) -> Sessao:
    certame_travar(sessao.certame_id)
    sessao = Sessao.objects.select_related("certame").get(pk=sessao.pk)
    _exigir_sessao_aberta(sessao, "Alteração das observações da ata")
    _exigir_sessao_realizada(sessao, "Alteração das observações da ata")
    sessao.ata = ata
    sessao.save(update_fields=["ata"])
    registrar(
        usuario=usuario,
        certame=sessao.certame,
        acao=AcaoAuditada.ATA_GUARDADA,
        descricao=f"Observações da ata da sessão de {sessao.data:%d/%m/%Y} registradas.",
    )
    return sessao


@transaction.atomic
def sessao_encerrar(*, usuario: User, sessao: Sessao) -> Sessao:
    """Encerra a sessão e fecha a ata: o registro da sessão (votos, pareceres, gravações
    enviadas, observações) fica congelado em `Sessao.registro`, com o seu resumo (SHA-256) no
    histórico; nada depois o muda. Recusado com convocado sem verificação registrada (o
    ausente se registra como ausente)."""
    import hashlib
    import json

    from .selectors import registro_da_sessao

    certame = certame_travar(sessao.certame_id)
    sessao = Sessao.objects.select_related("certame").get(pk=sessao.pk)
    _regra_comissao(certame)
    if sessao.encerrada_em is not None:
        raise ValidationError(
            f"A sessão de {sessao.data:%d/%m/%Y} já foi encerrada em "
            f"{timezone.localtime(sessao.encerrada_em):%d/%m/%Y, às %H:%M}."
        )
    _exigir_sessao_realizada(sessao, "Encerramento", recusado="recusado")
    convocacoes = sessao.convocacoes.filter(sem_efeito_em__isnull=True)
    if not convocacoes.exists():
        raise ValidationError("Encerramento recusado: a sessão não tem convocados.")
    faltam = list(
        convocacoes.filter(resultado="").values_list("candidato__inscricao", flat=True)[:_LISTADOS]
    )
    if faltam:
        raise ValidationError(
            f"Encerramento recusado: {len(faltam)} convocado(s) sem verificação registrada "
            f"({', '.join(faltam)}). Registre cada um (o ausente, como ausente) antes de "
            "encerrar."
        )
    sessao.registro = registro_da_sessao(sessao=sessao)
    sessao.encerrada_em = timezone.now()
    sessao.save(update_fields=["registro", "encerrada_em"])
    canonico = json.dumps(sessao.registro, sort_keys=True, ensure_ascii=False)
    gravacoes = sum(a["gravacoes"] for a in sessao.registro["avaliacoes"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.SESSAO_ENCERRADA,
        descricao=(
            f"Sessão de {sessao.data:%d/%m/%Y} encerrada e ata fechada: "
            f"{len(sessao.registro['avaliacoes'])} convocado(s), {gravacoes} gravação(ões) "
            "enviada(s)."
        ),
        fundamento=_fund(certame, "exigida", "momento"),
        dados={
            "sessao": sessao.pk,
            "registro_sha256": hashlib.sha256(canonico.encode()).hexdigest(),
        },
    )
    return sessao


@transaction.atomic
def recurso_interpor(
    *,
    usuario: User,
    candidato: Candidato,
    recorrente: str,
    recorrente_nome: str,
    razoes: str,
    data: date,
    token: str = "",
) -> Recurso:
    """Recursos dos autodeclarados ou de outros candidatos (`heteroidentificacao.recursos`). O
    mesmo formulário enviado de novo (`token`) devolve o recurso já registrado. Quando recorre o
    próprio candidato, o nome de quem recorre é o dele (`recorrente_nome` não se pede)."""
    certame = certame_travar(candidato.certame_id)
    if (anterior := pedido_anterior(token, "recurso_interpor", Recurso)) is not None:
        return anterior
    candidato = Candidato.objects.get(pk=candidato.pk)
    _regra_comissao(certame)
    _exigir_aberto(certame)
    if recorrente not in Recorrente.values:
        raise ValidationError("Informe quem recorre.")
    recorrente_nome = nome_de_quem_recorre(candidato, recorrente, recorrente_nome)
    parecer = candidato.verificacao(grupo_da_comissao(certame).nome)
    if not parecer or parecer == Heteroidentificacao.PENDENTE:
        raise ValidationError("Só cabe recurso depois do parecer da comissão.")
    sessao = _sessao_do_parecer(candidato)
    datas.exigir_entre_edital_e_hoje(certame, data, "Recurso interposto", recusado="recusado")
    datas.exigir_nao_anterior(
        data,
        "Recurso interposto",
        sessao,
        "a sessão da comissão que deu o parecer",
        recusado="recusado",
    )
    _motor(
        lambda: conferir_recurso(
            _regra_comissao(certame), recorrente=recorrente, interposto_em=data, sessao=sessao
        )
    )
    _conferir_prazo_do_edital(certame, data, sessao)
    _exigir_sem_recurso_pendente_igual(candidato, recorrente, recorrente_nome)
    recurso = Recurso.objects.create(
        candidato=candidato,
        recorrente=recorrente,
        recorrente_nome=recorrente_nome,
        razoes=razoes,
        interposto_em=data,
    )
    pedido_concluir(token, recurso)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.RECURSO_INTERPOSTO,
        descricao=(
            f"Recurso de {recorrente_nome} ({Recorrente(recorrente).label.lower()}) contra o "
            f"parecer da inscrição {candidato.inscricao}."
        ),
        fundamento=_fund(certame, "recursos", "recorrentes", "recurso_prazo_dias"),
        dados={"recurso": recurso.pk},
    )
    return recurso


def nome_de_quem_recorre(candidato: Candidato, recorrente: str, recorrente_nome: str) -> str:
    """O nome de quem recorre: o do candidato, se é ele quem recorre (o que se digitou não
    conta); o digitado, se é outro candidato, que então é obrigatório."""
    if recorrente == Recorrente.CANDIDATO:
        return candidato.nome
    nome = recorrente_nome.strip()
    if not nome:
        raise ValidationError(
            {"recorrente_nome": "Informe o nome do candidato que recorre do parecer de outro."}
        )
    return nome


def _exigir_sem_recurso_pendente_igual(
    candidato: Candidato, recorrente: str, recorrente_nome: str
) -> None:
    """O mesmo recorrente não interpõe de novo contra o mesmo parecer enquanto o recurso dele
    espera decisão (três recursos iguais, cada um com o seu botão "Decidir", nasciam de três
    envios do formulário). Outro recorrente, sim: cada um tem o seu recurso."""
    nome = " ".join(recorrente_nome.split()).casefold()
    pendentes = Recurso.objects.filter(
        candidato=candidato, recorrente=recorrente, decisao="", sem_efeito_em__isnull=True
    )
    igual = next(
        (r for r in pendentes if " ".join(r.recorrente_nome.split()).casefold() == nome), None
    )
    if igual is not None:
        raise ValidationError(
            f"{igual.recorrente_nome} já recorreu do parecer da inscrição {candidato.inscricao} "
            f"em {igual.interposto_em:%d/%m/%Y}, e o recurso espera decisão: decida-o (ou torne-o "
            "sem efeito) antes de registrar outro do mesmo recorrente."
        )


def _conferir_prazo_do_edital(certame: Certame, data: date, sessao: date | None) -> None:
    """O prazo que o edital fixa quando a lei não o fixa (o da lei, o motor já conferiu)."""
    from .selectors import fim_do_prazo, prazo_do_recurso

    regra = _regra_comissao(certame)
    if regra.recurso_prazo_dias is not None or sessao is None:
        return
    if certame.prazo_recurso_dias is None:
        # O padrão só anuncia a data (página pública): recusar um recurso por um prazo que nem
        # a lei nem o edital fixaram negaria um direito (docs/INTERPRETACAO.md#prazo-do-recurso).
        return
    limite = fim_do_prazo(certame=certame, sessao_data=sessao)
    if data > limite:
        dias, origem = prazo_do_recurso(certame=certame)
        raise ValidationError(
            f"Recurso fora do prazo de {dias} dias ({origem}): a sessão foi em "
            f"{sessao:%d/%m/%Y} e o prazo terminou em {limite:%d/%m/%Y}."
        )


def _sessao_do_parecer(candidato: Candidato) -> date | None:
    """A data da sessão que deu o parecer recorrido (a última verificação registrada); None
    para o parecer que veio da planilha da banca, sem sessão aqui (a data dele não se sabe)."""
    feitas = Convocacao.objects.filter(candidato=candidato, sem_efeito_em__isnull=True).exclude(
        resultado=""
    )
    return feitas.order_by("-sessao__data", "-pk").values_list("sessao__data", flat=True).first()


def recurso_atual(recurso: Recurso) -> Recurso:
    """O registro em que o recurso está hoje: o próprio, ou, se a decisão dele foi tornada sem
    efeito, o reaberto (e o reaberto deste, se também foi desfeito)."""
    atual = recurso
    while (reaberto := atual.reaberto_em.order_by("-pk").first()) is not None:
        atual = reaberto
    return atual


def _ja_decidido(recurso: Recurso) -> str:
    """A recusa de decidir de novo: a decisão em vigor se desfaz tornando-a sem efeito; a
    tornada sem efeito já foi desfeita, e o recurso se decide de novo no registro reaberto."""
    decidido = f"{recurso.get_decisao_display()}, em {recurso.decidido_em:%d/%m/%Y}"
    if recurso.sem_efeito_em is None:
        return (
            f"O recurso já foi decidido ({decidido}); para decidi-lo de novo, torne a decisão "
            "sem efeito."
        )
    atual = recurso_atual(recurso)
    desfeita = (
        f"A decisão deste recurso ({decidido}) foi tornada sem efeito "
        f"({recurso.sem_efeito_ato}, em {recurso.sem_efeito_em:%d/%m/%Y})"
    )
    if atual.decisao:
        return (
            f"{desfeita}, e o recurso já foi decidido de novo ({atual.get_decisao_display()}, "
            f"em {atual.decidido_em:%d/%m/%Y})."
        )
    return (
        f"{desfeita}: o recurso aguarda nova decisão, no registro reaberto; decida-o pelo "
        "“Decidir” do recurso no painel da comissão."
    )


@transaction.atomic
def recurso_decidir(
    *,
    usuario: User,
    recurso: Recurso,
    decisao: str,
    resultado_final: str,
    fundamentacao: str,
    data: date,
) -> Recurso:
    certame_id = Candidato.objects.values_list("certame_id", flat=True).get(pk=recurso.candidato_id)
    certame = certame_travar(certame_id)
    recurso = Recurso.objects.select_related("candidato").get(pk=recurso.pk)
    _regra_comissao(certame)
    _exigir_aberto(certame)
    if recurso.decisao:
        raise ValidationError(_ja_decidido(recurso))
    if decisao not in DecisaoRecurso.values:
        raise ValidationError("Decisão desconhecida.")
    datas.exigir_nao_anterior(
        data, "Decisão do recurso", recurso.interposto_em, "o recurso interposto"
    )
    datas.exigir_ate_hoje(data, "Decisão do recurso")
    candidato = recurso.candidato
    grupo = grupo_da_comissao(certame).nome
    anterior = candidato.verificacao(grupo)
    if anterior in ("", Heteroidentificacao.PENDENTE):
        raise ValidationError(
            f"Decisão do recurso recusada: o parecer recorrido da inscrição "
            f"{candidato.inscricao} foi tornado sem efeito e ainda não há outro; registre o "
            "novo parecer da comissão antes de decidir o recurso."
        )
    if decisao == DecisaoRecurso.PROVIDO:
        if resultado_final not in (
            Heteroidentificacao.CONFIRMADO,
            Heteroidentificacao.NAO_CONFIRMADO,
        ):
            raise ValidationError({"resultado_final": "Recurso provido: informe o novo parecer."})
        if resultado_final == anterior:
            raise ValidationError(
                {
                    "resultado_final": "Recurso provido recusado: o novo parecer, "
                    f"“{Heteroidentificacao(anterior).rotulo}”, é o mesmo do parecer recorrido. "
                    "O recurso provido muda o parecer; se o parecer fica, o recurso é não "
                    "provido."
                }
            )
    else:
        resultado_final = anterior
    recurso.decisao = decisao
    recurso.resultado_final = resultado_final
    recurso.fundamentacao = fundamentacao
    recurso.decidido_em = data
    recurso.save()
    candidato.gravar_verificacao(grupo, resultado_final)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.RECURSO_DECIDIDO,
        descricao=(
            f"Recurso sobre a inscrição {candidato.inscricao} "
            f"{DecisaoRecurso(decisao).label.lower()}; parecer final: "
            f"{Heteroidentificacao(resultado_final).rotulo}."
        ),
        fundamento=_fund(certame, "recursos"),
        dados={
            "recurso": recurso.pk,
            "antes": anterior,
            "depois": resultado_final,
            "fatos": pelo_registro.fatos_parecer(candidato, grupo, resultado_final),
        },
    )
    return recurso


# ---------------------------------------------------------------- tornar sem efeito
# A decisão da comissão registrada por engano (o parecer de uma verificação, a decisão de um
# recurso) é tornada sem efeito por um ato novo, antes da homologação, que depende delas
# (docs/INTERPRETACAO.md#sem-efeito). O original fica gravado, com o ato que o desfez.


def _exigir_antes_da_homologacao(certame: Certame, o_que: str) -> None:
    if certame.homologado_em is not None:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a homologação da classificação final, de "
            f"{certame.homologado_em:%d/%m/%Y}, depende dela; a decisão da comissão não se "
            "desfaz depois da homologação."
        )


def _recurso_decidido_em_vigor(candidato: Candidato, depois_de: Recurso | None = None) -> Any:
    """A decisão de recurso em vigor sobre o candidato (a mais recente), ou, com `depois_de`, a
    tomada depois daquela."""
    decididos = Recurso.objects.filter(candidato=candidato, sem_efeito_em__isnull=True).exclude(
        decisao=""
    )
    if depois_de is not None:
        decididos = decididos.exclude(pk=depois_de.pk).filter(
            decidido_em__gte=depois_de.decidido_em
        )
    return decididos.order_by("-decidido_em", "-pk").first()


def consequencias_do_parecer(convocacao: Convocacao) -> list[str]:
    """O que tornar o parecer sem efeito muda (para a página de confirmação)."""
    c = convocacao.candidato
    return [
        f"O parecer da sessão de {convocacao.sessao.data:%d/%m/%Y} sobre {c.inscricao} — "
        f"{c.nome} ({Heteroidentificacao(convocacao.resultado).rotulo}) deixa de valer; o "
        "registro dele, com os votos, continua gravado e no histórico.",
        f"{c.inscricao} volta a aguardar o parecer da comissão: convoque-o(a) para uma nova "
        "sessão. A homologação espera esse parecer.",
    ]


@transaction.atomic
def parecer_tornar_sem_efeito(
    *,
    usuario: User,
    convocacao: Convocacao,
    data: date,
    ato: str,
    autoridade: str,
    motivo: str,
) -> Convocacao:
    """O parecer registrado por engano (candidato, votos ou data errados) tornado sem efeito:
    o candidato volta a aguardar parecer e é convocado de novo. Recusado depois da homologação
    ou se uma decisão de recurso em vigor depende dele (o usuário a desfaz primeiro)."""
    convocacao, certame = _travar_convocacao(convocacao)
    candidato = convocacao.candidato
    o_que = f"o parecer de {candidato.inscricao} (sessão de {convocacao.sessao.data:%d/%m/%Y})"
    _regra_comissao(certame)
    _exigir_antes_da_homologacao(certame, o_que)
    if convocacao.sem_efeito_em is not None:
        raise ValidationError(
            f"O parecer já foi tornado sem efeito: {convocacao.sem_efeito_texto}."
        )
    if not convocacao.resultado:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a verificação ainda não foi registrada."
        )
    posterior = (
        Convocacao.objects.filter(candidato=candidato, sem_efeito_em__isnull=True)
        .exclude(resultado="")
        .exclude(pk=convocacao.pk)
        .filter(sessao__data__gte=convocacao.sessao.data, pk__gt=convocacao.pk)
        .select_related("sessao")
        .first()
    )
    if posterior is not None:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: o parecer da sessão de "
            f"{posterior.sessao.data:%d/%m/%Y} é posterior e está em vigor; torne-o sem efeito "
            "primeiro."
        )
    recurso = _recurso_decidido_em_vigor(candidato)
    if recurso is not None:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a decisão do recurso de "
            f"{recurso.recorrente_nome} ({recurso.get_decisao_display()}, em "
            f"{recurso.decidido_em:%d/%m/%Y}) depende dele. Torne sem efeito primeiro a decisão "
            "do recurso."
        )
    referencia, qual = convocacao.sessao.data, "a sessão da comissão"
    if referencia > timezone.localdate() and convocacao.registrado_em is not None:
        # O parecer de uma sessão ainda por acontecer, registrado antes da regra que o recusa
        # (`datas.exigir_sessao_realizada`): o engano se desfaz desde o dia em que foi
        # registrado, senão o certame esperaria a data da sessão (docs/INTERPRETACAO.md).
        referencia = timezone.localdate(convocacao.registrado_em)
        qual = "o registro do parecer"
    datas.exigir_sem_efeito_depois_do_ato(
        data, f"o parecer de {candidato.inscricao}", referencia, qual=qual
    )
    gravar_sem_efeito(convocacao, data=data, ato=ato, autoridade=autoridade, motivo=motivo)
    grupo = grupo_da_comissao(certame).nome
    candidato.gravar_verificacao(grupo, Heteroidentificacao.PENDENTE)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.PARECER_TORNADO_SEM_EFEITO,
        descricao=(
            f"{convocacao.sem_efeito_ato}, de {data:%d/%m/%Y} "
            f"({convocacao.sem_efeito_autoridade}): tornado sem efeito o parecer da sessão de "
            f"{convocacao.sessao.data:%d/%m/%Y} sobre a inscrição {candidato.inscricao} "
            f"({Heteroidentificacao(convocacao.resultado).rotulo}); o(a) candidato(a) volta a "
            f"aguardar parecer. Motivo: {convocacao.sem_efeito_motivo}."
        ),
        fundamento=_fund(certame, "exigida", "momento"),
        dados={
            "convocacao": convocacao.pk,
            "sem_efeito": _dados_sem_efeito(convocacao),
            "fatos": pelo_registro.fatos_parecer(candidato, grupo, Heteroidentificacao.PENDENTE),
        },
    )
    return convocacao


def _parecer_antes_da_decisao(recurso: Recurso) -> str:
    """O parecer que valia antes da decisão do recurso, como o registro da decisão o guardou."""
    from cotas_web.auditoria.models import Registro

    registro = (
        Registro.objects.filter(acao=AcaoAuditada.RECURSO_DECIDIDO, dados__recurso=recurso.pk)
        .order_by("-pk")
        .first()
    )
    if registro is not None and isinstance(registro.dados, dict) and registro.dados.get("antes"):
        return str(registro.dados["antes"])
    sessao = (
        Convocacao.objects.filter(candidato=recurso.candidato, sem_efeito_em__isnull=True)
        .exclude(resultado="")
        .order_by("-sessao__data", "-pk")
        .first()
    )
    if sessao is None:
        raise ValidationError(
            "Não se sabe o parecer anterior à decisão deste recurso (registro anterior a esta "
            "versão, sem sessão registrada): não se pode torná-la sem efeito aqui."
        )
    return str(sessao.resultado)


def consequencias_do_recurso(recurso: Recurso) -> list[str]:
    """O que tornar a decisão do recurso sem efeito muda (para a página de confirmação)."""
    c = recurso.candidato
    antes = _parecer_antes_da_decisao(recurso)
    return [
        f"A decisão do recurso de {recurso.recorrente_nome} sobre {c.inscricao} — {c.nome} "
        f"({recurso.get_decisao_display()}, em {recurso.decidido_em:%d/%m/%Y}; parecer final: "
        f"{recurso.resultado_final_rotulo}) deixa de valer; ela continua gravada e no histórico.",
        f"Volta a valer o parecer anterior: {Heteroidentificacao(antes).rotulo}.",
        "O recurso volta a aguardar decisão (a homologação espera por ela) e pode ser decidido "
        "de novo.",
    ]


@transaction.atomic
def recurso_tornar_sem_efeito(
    *,
    usuario: User,
    recurso: Recurso,
    data: date,
    ato: str,
    autoridade: str,
    motivo: str,
) -> Recurso:
    """A decisão de recurso tomada por engano tornada sem efeito: volta a valer o parecer de
    antes dela e o recurso volta a aguardar decisão, num registro novo (`reaberto_de`); a decisão
    desfeita fica gravada. Recusado depois da homologação ou se outra decisão em vigor, tomada
    depois, depende dela."""
    certame_id = Candidato.objects.values_list("certame_id", flat=True).get(pk=recurso.candidato_id)
    certame = certame_travar(certame_id)
    recurso = Recurso.objects.select_related("candidato").get(pk=recurso.pk)
    candidato = recurso.candidato
    o_que = f"a decisão do recurso de {recurso.recorrente_nome} sobre {candidato.inscricao}"
    _regra_comissao(certame)
    _exigir_antes_da_homologacao(certame, o_que)
    if recurso.sem_efeito_em is not None:
        raise ValidationError(f"A decisão já foi tornada sem efeito: {recurso.sem_efeito_texto}.")
    if not recurso.decisao or recurso.decidido_em is None:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: o recurso ainda não foi decidido."
        )
    posterior = _recurso_decidido_em_vigor(candidato, depois_de=recurso)
    if posterior is not None and posterior.pk > recurso.pk:
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a decisão do recurso de "
            f"{posterior.recorrente_nome}, de {posterior.decidido_em:%d/%m/%Y}, é posterior e "
            "depende dela; torne-a sem efeito primeiro."
        )
    datas.exigir_sem_efeito_depois_do_ato(data, "a decisão do recurso", recurso.decidido_em)
    antes = _parecer_antes_da_decisao(recurso)
    gravar_sem_efeito(recurso, data=data, ato=ato, autoridade=autoridade, motivo=motivo)
    reaberto = Recurso.objects.create(
        candidato=candidato,
        recorrente=recurso.recorrente,
        recorrente_nome=recurso.recorrente_nome,
        razoes=recurso.razoes,
        interposto_em=recurso.interposto_em,
        reaberto_de=recurso,
    )
    grupo = grupo_da_comissao(certame).nome
    candidato.gravar_verificacao(grupo, antes)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.RECURSO_TORNADO_SEM_EFEITO,
        descricao=(
            f"{recurso.sem_efeito_ato}, de {data:%d/%m/%Y} ({recurso.sem_efeito_autoridade}): "
            f"tornada sem efeito {o_que} ({recurso.get_decisao_display()}, em "
            f"{recurso.decidido_em:%d/%m/%Y}); volta a valer o parecer anterior "
            f"({Heteroidentificacao(antes).rotulo}) e o recurso aguarda nova decisão. Motivo: "
            f"{recurso.sem_efeito_motivo}."
        ),
        fundamento=_fund(certame, "recursos"),
        dados={
            "recurso": recurso.pk,
            "reaberto": reaberto.pk,
            "sem_efeito": _dados_sem_efeito(recurso),
            "fatos": pelo_registro.fatos_parecer(candidato, grupo, antes),
        },
    )
    return reaberto


def _dados_sem_efeito(objeto: Any) -> dict[str, str]:
    return {
        "data": objeto.sem_efeito_em.isoformat(),
        "ato": objeto.sem_efeito_ato,
        "autoridade": objeto.sem_efeito_autoridade,
        "motivo": objeto.sem_efeito_motivo,
    }
