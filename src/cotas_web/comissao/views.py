"""Telas da comissão. Ausentes (404) onde a lei do certame não prevê comissão
(`heteroidentificacao.exigida` falso)."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from cotas_web.candidatos.models import Candidato, Heteroidentificacao
from cotas_web.certames.confirmacao import pagina_sem_efeito
from cotas_web.certames.models import Certame
from cotas_web.comum import erro_no_formulario, erros_do_formulario, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, COMISSAO, requer_papel, usuario_de
from cotas_web.protecao import nome_de_arquivo
from cotas_web.rotulos import escolhas

from . import selectors, services
from .forms import (
    SITUACOES_DO_LOTE,
    VOTOS_DO_LOTE,
    AtaForm,
    DecidirRecursoForm,
    MembroForm,
    RecursoForm,
    SessaoForm,
    VerificacaoForm,
)
from .models import Convocacao, Gravacao, Recurso, Sessao

CONVOCACOES_POR_PAGINA = 200


def _certame(pk: int) -> Certame:
    certame = get_object_or_404(Certame, pk=pk)
    if not certame.exige_comissao:
        raise Http404("A lei deste certame não prevê comissão de heteroidentificação.")
    return certame


def _candidatos_com_parecer(certame: Certame):  # type: ignore[no-untyped-def]
    # (o parecer tornado sem efeito não conta: o recurso é contra um parecer em vigor)
    return Candidato.objects.filter(
        certame=certame, convocacoes__resultado__gt="", convocacoes__sem_efeito_em__isnull=True
    ).distinct()


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    certame = _certame(pk)
    return render(
        request,
        "comissao/painel.html",
        {
            "certame": certame,
            "membros": certame.membros_comissao.all(),
            "aviso": selectors.aviso_distribuicao(certame=certame),
            "artigos": selectors.artigos_da_comissao(certame=certame),
            "previstos": selectors.integrantes_previstos(certame=certame),
            "sessoes": certame.sessoes.all(),
            "recursos": Recurso.objects.filter(candidato__certame=certame).select_related(
                "candidato"
            ),
            "a_convocar": services.a_convocar(certame=certame).count(),
            "grupo": selectors.rotulo_do_grupo_da_comissao(certame=certame),
            # Três formulários na mesma página: cada um com os seus ids, senão o rótulo "Data
            # de interposição" aponta para a "Data" da sessão (id_data repetido).
            "membro_form": MembroForm(auto_id="membro_%s"),
            "sessao_form": SessaoForm(auto_id="sessao_%s"),
            "recurso_form": RecursoForm(
                candidatos=_candidatos_com_parecer(certame), auto_id="recurso_%s"
            ),
            "decidir_form": DecidirRecursoForm(),
        },
    )


@requer_papel(ADMIN)
def membro_novo(request: HttpRequest, pk: int) -> HttpResponse:
    certame = _certame(pk)
    form = MembroForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        tentar(
            request,
            lambda: services.membro_adicionar(
                usuario=usuario_de(request),
                certame=certame,
                nome=d["nome"],
                genero=d["genero"],
                cor_raca=d["cor_raca"],
                usuario_membro=d["usuario"],
                token=d["pedido"],
            ),
            f"{d['nome']} integra a comissão.",
        )
        return redirect("comissao:painel", pk=pk)
    return render(
        request,
        "form.html",
        {"form": form, "certame": certame, "titulo": "Novo membro da comissão", "botao": "Incluir"},
    )


@requer_papel(ADMIN, COMISSAO)
def sessao_nova(request: HttpRequest, pk: int) -> HttpResponse:
    certame = _certame(pk)
    form = SessaoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        sessao = tentar(
            request,
            lambda: services.sessao_criar(
                usuario=usuario_de(request),
                certame=certame,
                data=form.cleaned_data["data"],
                local=form.cleaned_data["local"],
                token=form.cleaned_data["pedido"],
            ),
            "Sessão marcada.",
        )
        if sessao:
            return redirect("comissao:sessao", pk=pk, sid=sessao.pk)
        return redirect("comissao:painel", pk=pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "certame": certame,
            "titulo": "Nova sessão de verificação",
            "botao": "Marcar",
        },
    )


def _sessao(certame: Certame, sid: int) -> Sessao:
    return get_object_or_404(Sessao, pk=sid, certame=certame)


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def sessao(
    request: HttpRequest, pk: int, sid: int, contexto_extra: dict[str, Any] | None = None
) -> HttpResponse:
    certame = _certame(pk)
    s = _sessao(certame, sid)
    membros = list(certame.membros_comissao.all())
    contexto_extra = {
        "lote": _linhas_do_lote(s, membros),
        "membros": membros,
        "situacoes": SITUACOES_DO_LOTE,
        "opcoes_voto": VOTOS_DO_LOTE,
        "escolha_a_convocar": services.a_convocar(certame=certame).order_by(
            "cargo__codigo", "inscricao"
        )[:CONVOCACOES_POR_PAGINA],
        **(contexto_extra or {}),
    }
    inscricao = request.GET.get("inscricao", "").strip()[:40]
    convocacoes = s.convocacoes.select_related("candidato__cargo").prefetch_related(
        "votos__membro", "gravacoes", "candidato__recursos"
    )
    if inscricao:
        convocacoes = convocacoes.filter(candidato__inscricao=inscricao)
    # Em páginas: num certame grande uma sessão convoca dezenas de milhares.
    pagina = Paginator(convocacoes, CONVOCACOES_POR_PAGINA).get_page(request.GET.get("pagina"))
    return render(
        request,
        "comissao/sessao.html",
        {
            "certame": certame,
            "sessao": s,
            "pagina": pagina,
            "inscricao": inscricao,
            "a_convocar": services.a_convocar(certame=certame).count(),
            # marcada para depois de hoje: convoca-se, mas nada do que acontece nela se registra
            "por_realizar": s.data > timezone.localdate(),
            "ata_form": AtaForm(initial={"ata": s.ata}),
            **(contexto_extra or {}),
        },
    )


def _linhas_do_lote(sessao: Sessao, membros: list[Any], dados: Any = None) -> list[dict[str, Any]]:
    """Os convocados ainda sem verificação, cada um com o que foi digitado (ao voltar de uma
    recusa o formulário mantém tudo)."""
    dados = dados or {}
    pendentes = sessao.convocacoes.filter(resultado="", sem_efeito_em__isnull=True).select_related(
        "candidato__cargo"
    )[:CONVOCACOES_POR_PAGINA]
    return [
        {
            "c": c,
            "situacao": dados.get(f"s_{c.pk}", ""),
            "parecer": dados.get(f"p_{c.pk}", ""),
            "votos": [(m, dados.get(f"v_{c.pk}_{m.pk}", "")) for m in membros],
        }
        for c in pendentes
    ]


def _fatos_do_lote(
    dados: Any, linhas: list[dict[str, Any]]
) -> dict[int, services.FatosVerificacao]:
    """As linhas preenchidas (com a situação marcada) como os fatos de cada verificação."""
    valores = {"sim": True, "nao": False, "abstencao": None}
    fatos = {}
    for linha in linhas:
        situacao = linha["situacao"]
        if not situacao:
            continue
        escolhas = {m.pk: v for m, v in linha["votos"]}
        fatos[linha["c"].pk] = services.FatosVerificacao(
            compareceu=situacao != "ausente",
            recusou_filmagem=situacao == "recusou_filmagem",
            recusou_perguntas=situacao == "recusou_perguntas",
            votos={pk: valores[v] for pk, v in escolhas.items() if v in valores},
            ausentes=frozenset(pk for pk, v in escolhas.items() if v == "ausente"),
            parecer=linha["parecer"],
        )
    return fatos


@requer_papel(COMISSAO)
def lote(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    """As verificações de vários convocados num formulário só, registradas num ato (uma trava,
    uma transação, um registro de auditoria por verificação)."""
    certame = _certame(pk)
    s = _sessao(certame, sid)
    if request.method != "POST":
        return redirect("comissao:sessao", pk=pk, sid=sid)
    membros = list(certame.membros_comissao.all())
    linhas = _linhas_do_lote(s, membros, request.POST)
    fatos = _fatos_do_lote(request.POST, linhas)
    feitas = tentar(
        request,
        lambda: services.verificacoes_registrar_em_lote(
            usuario=usuario_de(request), sessao=s, linhas=fatos
        ),
        f"{len(fatos)} verificação(ões) registrada(s).",
    )
    if feitas:
        return redirect("comissao:sessao", pk=pk, sid=sid)
    # Recusado: a página volta com tudo o que foi digitado.
    return cast(HttpResponse, sessao(request, pk, sid, contexto_extra={"lote": linhas}))


@requer_papel(ADMIN, COMISSAO)
def convocar(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    certame = _certame(pk)
    s = _sessao(certame, sid)
    if request.method == "POST":
        # "todos" convoca quem aguarda; senão, só os marcados (a convocação parcial)
        escolhidos = None
        if request.POST.get("quem") != "todos":
            escolhidos = [int(v) for v in request.POST.getlist("candidato") if v.isdigit()]
        tentar(
            request,
            lambda: services.candidatos_convocar(
                usuario=usuario_de(request), sessao=s, candidatos=escolhidos
            ),
            "Candidatos convocados.",
        )
    return redirect("comissao:sessao", pk=pk, sid=sid)


@requer_papel(COMISSAO)
def encerrar(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    """Encerra a sessão e fecha a ata (irreversível: pede confirmação)."""
    certame = _certame(pk)
    s = _sessao(certame, sid)
    if request.method == "POST" and request.POST.get("confirmar") == "sim":
        tentar(
            request,
            lambda: services.sessao_encerrar(usuario=usuario_de(request), sessao=s),
            f"Sessão de {s.data:%d/%m/%Y} encerrada: a ata está fechada.",
        )
        return redirect("comissao:sessao", pk=pk, sid=sid)
    return render(
        request,
        "comissao/encerrar.html",
        {"certame": certame, "sessao": s, **selectors.ata_na_tela(sessao=s)},
    )


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def recursos(request: HttpRequest, pk: int) -> HttpResponse:
    """O registro dos recursos: cada um com as suas datas, a decisão e o parecer final."""
    certame = _certame(pk)
    registro = selectors.registro_dos_recursos(certame=certame)
    return render(
        request,
        "comissao/recursos.html",
        {
            "certame": certame,
            "registro": registro,
            "linhas": [
                (
                    r,
                    dict(escolhas(Heteroidentificacao)).get(r.resultado_final, r.resultado_final),
                    selectors.depois_do_prazo(certame=certame, recurso=r),
                )
                for r in registro.recursos
            ],
        },
    )


@requer_papel(COMISSAO)
def ata_registrar(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    certame = _certame(pk)
    s = _sessao(certame, sid)
    form = AtaForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tentar(
            request,
            lambda: services.sessao_registrar_ata(
                usuario=usuario_de(request), sessao=s, ata=form.cleaned_data["ata"]
            ),
            "Ata atualizada.",
        )
    elif request.method == "POST":
        erros_do_formulario(request, form)
    return redirect("comissao:sessao", pk=pk, sid=sid)


@requer_papel(COMISSAO)
def verificacao(request: HttpRequest, pk: int, vid: int) -> HttpResponse:
    certame = _certame(pk)
    conv = get_object_or_404(
        Convocacao.objects.select_related("candidato", "sessao"), pk=vid, sessao__certame=certame
    )
    if conv.registrado_em is not None and request.method != "POST":
        # A registrada se mostra como foi (o formulário vazio fazia pensar que nada ficou); um
        # envio atrasado de um formulário aberto antes segue ao serviço, que o recusa.
        votos = conv.votos.select_related("membro").order_by("membro__nome")
        return render(
            request, "comissao/verificacao.html", {"certame": certame, "conv": conv, "votos": votos}
        )
    aviso = ""
    if request.method != "POST":
        try:  # (o que o ato recusaria, dito antes de se preencher o formulário)
            services.verificacao_conferir(certame=certame, convocacao=conv)
        except ValidationError as erro:
            aviso = " ".join(erro.messages)
    membros = list(certame.membros_comissao.all())
    artigos = selectors.artigos_da_comissao(certame=certame)
    form = VerificacaoForm(
        request.POST or None, request.FILES or None, membros=membros, artigos=artigos
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data

        @transaction.atomic  # a verificação e a gravação juntas: uma recusada desfaz a outra
        def registrar() -> Convocacao:
            resultado = services.verificacao_registrar(
                usuario=usuario_de(request),
                convocacao=conv,
                compareceu=d["compareceu"],
                recusou_filmagem=d["recusou_filmagem"],
                recusou_perguntas=d["recusou_perguntas"],
                votos=form.votos(),
                ausentes=form.ausentes(),
                parecer=d["parecer"],
            )
            if d.get("gravacao"):
                services.gravacao_anexar(
                    usuario=usuario_de(request), convocacao=conv, arquivo=d["gravacao"]
                )
            return resultado

        if tentar(request, registrar, f"Verificação de {conv.candidato.inscricao} registrada."):
            return redirect("comissao:sessao", pk=pk, sid=conv.sessao_id)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "certame": certame,
            "botao": "Registrar verificação",
            "titulo": f"Verificação — {conv.candidato}",
            "introducao": selectors.introducao_da_verificacao(certame=certame),
            "aviso": aviso,
            # Recusada já na conferência (a sessão depois de hoje): sem o formulário, que a página
            # mostrava embaixo da recusa, com os votos e a gravação para preencher em vão.
            "recusado": bool(aviso) and request.method != "POST",
            "voltar": reverse("comissao:sessao", args=[certame.pk, conv.sessao_id]),
        },
    )


@requer_papel(COMISSAO)
def gravacao(request: HttpRequest, pk: int, gid: int) -> FileResponse:
    """Só a comissão vê as gravações (`heteroidentificacao.registro_audiovisual`)."""
    certame = _certame(pk)
    g = get_object_or_404(Gravacao, pk=gid, convocacao__sessao__certame=certame)
    arquivo = g.arquivo.open("rb")
    # Como anexo, com o tipo que o conteúdo tem (não o que foi declarado no envio) e sem que o
    # navegador o adivinhe: nada do arquivo roda na origem da aplicação.
    tipo = services.tipo_da_gravacao(arquivo.read(8192)) or services.TIPO_DESCONHECIDO
    arquivo.seek(0)
    resposta = FileResponse(
        arquivo, content_type=tipo, as_attachment=True, filename=nome_de_arquivo(g.nome_original)
    )
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def ata(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    certame = _certame(pk)
    s = _sessao(certame, sid)
    return render(
        request,
        "comissao/ata.html",
        {
            "certame": certame,
            "sessao": s,
            "artigos": selectors.artigos_da_comissao(certame=certame),
            "regra_da_decisao": selectors.regra_da_decisao(certame=certame),
            # O registro como o documento da ata (PDF) o traz: o congelado no encerramento.
            **selectors.ata_na_tela(sessao=s),
        },
    )


@requer_papel(ADMIN, COMISSAO)
def recurso_novo(request: HttpRequest, pk: int) -> HttpResponse:
    certame = _certame(pk)
    form = RecursoForm(request.POST or None, candidatos=_candidatos_com_parecer(certame))
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:  # (a recusa volta ao formulário, com o que foi digitado)
            services.recurso_interpor(
                usuario=usuario_de(request),
                candidato=d["candidato"],
                recorrente=d["recorrente"],
                recorrente_nome=d["recorrente_nome"],
                razoes=d["razoes"],
                data=d["data"],
                token=d["pedido"],
            )
        except ValidationError as erro:
            erro_no_formulario(form, erro)
        else:
            messages.success(request, "Recurso registrado.")
            return redirect("comissao:painel", pk=pk)
    return render(
        request,
        "form.html",
        {"form": form, "certame": certame, "titulo": "Novo recurso", "botao": "Registrar recurso"},
    )


@requer_papel(COMISSAO)
def recurso_decidir(request: HttpRequest, pk: int, rid: int) -> HttpResponse:
    certame = _certame(pk)
    recurso = get_object_or_404(Recurso, pk=rid, candidato__certame=certame)
    atual = services.recurso_atual(recurso)
    if request.method != "POST" and atual.pk != recurso.pk and not atual.decisao:
        # a decisão deste foi tornada sem efeito: o recurso se decide de novo no reaberto
        messages.info(
            request,
            "A decisão anterior deste recurso foi tornada sem efeito: ele aguarda nova decisão.",
        )
        return redirect("comissao:recurso_decidir", pk=pk, rid=atual.pk)
    form = DecidirRecursoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:  # (a recusa volta ao formulário, com o que foi digitado)
            services.recurso_decidir(
                usuario=usuario_de(request),
                recurso=recurso,
                decisao=d["decisao"],
                resultado_final=d["resultado_final"],
                fundamentacao=d["fundamentacao"],
                data=d["data"],
            )
        except ValidationError as erro:
            erro_no_formulario(form, erro)
        else:
            messages.success(request, "Recurso decidido.")
            return redirect("comissao:painel", pk=pk)
    c = recurso.candidato
    recorrido = c.verificacao(services.grupo_da_comissao(certame).nome)
    rotulo = dict(escolhas(Heteroidentificacao)).get(recorrido, recorrido) or "Pendente"
    return render(
        request,
        "form.html",
        {
            "form": form,
            "certame": certame,
            "titulo": f"Decidir o recurso sobre {c.inscricao} — {c.nome}",
            "botao": "Decidir",
            "introducao": (
                f"Recurso de {recurso.recorrente_nome} ({recurso.get_recorrente_display()}), "
                f"interposto em {recurso.interposto_em:%d/%m/%Y}, contra o parecer "
                f"“{rotulo}”. Razões: {recurso.razoes}"
            ),
        },
    )


# ---------------------------------------------------------------- tornar sem efeito


@requer_papel(COMISSAO)
def parecer_sem_efeito(request: HttpRequest, pk: int, vid: int) -> HttpResponse:
    """O parecer registrado por engano, tornado sem efeito por um ato da comissão (antes da
    homologação); o candidato volta a aguardar parecer."""
    certame = _certame(pk)
    conv = get_object_or_404(
        Convocacao.objects.select_related("candidato", "sessao"), pk=vid, sessao__certame=certame
    )
    return pagina_sem_efeito(
        request,
        certame=certame,
        titulo=f"tornar sem efeito o parecer de {conv.candidato.inscricao}",
        introducao=(
            f"Parecer da sessão de {conv.sessao.data:%d/%m/%Y} sobre {conv.candidato.inscricao} "
            f"— {conv.candidato.nome}: {conv.get_resultado_display()}. Registrado por engano? "
            "Um ato novo o torna sem efeito; ele continua no registro, com os votos."
        ),
        consequencias=lambda d: services.consequencias_do_parecer(conv),
        acao=lambda d: services.parecer_tornar_sem_efeito(
            usuario=usuario_de(request),
            convocacao=conv,
            data=d["data"],
            ato=d["ato"],
            autoridade=d["autoridade"],
            motivo=d["motivo"],
        ),
        sucesso=f"Parecer de {conv.candidato.inscricao} tornado sem efeito.",
        voltar=reverse("comissao:sessao", args=[pk, conv.sessao_id]),
    )


@requer_papel(COMISSAO)
def recurso_sem_efeito(request: HttpRequest, pk: int, rid: int) -> HttpResponse:
    """A decisão de recurso tomada por engano, tornada sem efeito (antes da homologação); o
    recurso volta a aguardar decisão."""
    certame = _certame(pk)
    recurso = get_object_or_404(
        Recurso.objects.select_related("candidato"), pk=rid, candidato__certame=certame
    )
    return pagina_sem_efeito(
        request,
        certame=certame,
        titulo=f"tornar sem efeito a decisão do recurso sobre {recurso.candidato.inscricao}",
        introducao=(
            f"Recurso de {recurso.recorrente_nome} sobre {recurso.candidato.inscricao}, "
            f"interposto em {recurso.interposto_em:%d/%m/%Y}"
            + (
                f", decidido em {recurso.decidido_em:%d/%m/%Y} ({recurso.get_decisao_display()})"
                if recurso.decidido_em
                else ""
            )
            + ". Decidido por engano? Um ato novo torna a decisão sem efeito; ela continua no "
            "registro, e o recurso pode ser decidido de novo."
        ),
        consequencias=lambda d: services.consequencias_do_recurso(recurso),
        acao=lambda d: services.recurso_tornar_sem_efeito(
            usuario=usuario_de(request),
            recurso=recurso,
            data=d["data"],
            ato=d["ato"],
            autoridade=d["autoridade"],
            motivo=d["motivo"],
        ),
        sucesso="Decisão do recurso tornada sem efeito: o recurso aguarda nova decisão.",
        voltar=reverse("comissao:painel", args=[pk]),
    )
