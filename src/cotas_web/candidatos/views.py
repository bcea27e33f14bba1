from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from cotas.arquivos.candidatos import EXTENSOES_PLANILHA, EXTENSOES_TEXTO
from cotas_web.certames.confirmacao import confirmado, pedir_confirmacao
from cotas_web.certames.models import Certame
from cotas_web.certames.selectors import grupos_na_tela, regras_do_certame
from cotas_web.comum import erros_do_formulario, mensagens_de, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, requer_papel, usuario_de
from cotas_web.protecao import disposicao

from . import assistente, selectors, services
from .forms import (
    CorrecaoForm,
    DecisaoForm,
    DefesaForm,
    DesistenciaForm,
    EncaminhamentoForm,
    FraudeAbrirForm,
    ImportacaoForm,
    RemoverImportacaoForm,
    VerificacaoDocumentalForm,
)
from .leitura import titulos_do_arquivo
from .models import Candidato, DecisaoFraude, Importacao, ProcedimentoFraude

EXTENSOES = EXTENSOES_TEXTO | EXTENSOES_PLANILHA  # as que o leitor de candidatos lê


def _pasta_importacoes() -> Path:
    pasta = Path(settings.ARQUIVOS_PRIVADOS) / "importacoes"
    pasta.mkdir(parents=True, exist_ok=True)
    return pasta


@requer_papel(ADMIN, AUDITOR)
def lista(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    termo = request.GET.get("q", "")
    candidatos = selectors.candidatos_buscar(certame_id=certame.pk, termo=termo)
    return render(
        request,
        "candidatos/lista.html",
        {
            "certame": certame,
            "candidatos": candidatos[:500],
            "grupos": grupos_na_tela(regras=regras_do_certame(certame=certame)),
            "termo": termo,
            "total": candidatos.count(),
        },
    )


@requer_papel(ADMIN, AUDITOR)
def detalhe(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    return _pagina_do_candidato(request, certame, candidato)


# A página do candidato tem vários formulários com os mesmos campos (data, motivo): cada um com
# os seus ids, senão o rótulo "Data do ato de correção" aponta para a data da desistência.
ID_CORRECAO = "correcao_%s"


def _pagina_do_candidato(
    request: HttpRequest,
    certame: Certame,
    candidato: Candidato,
    correcao_form: CorrecaoForm | None = None,
) -> HttpResponse:
    """A página do candidato; com `correcao_form`, a correção recusada volta com o que foi
    digitado e o erro no campo."""
    from .correcoes import campos_corrigiveis, campos_da_lei, mostrar, valor_atual

    correcao_form = correcao_form or CorrecaoForm(certame=certame, auto_id=ID_CORRECAO)
    regras = regras_do_certame(certame=certame)
    grupos = grupos_na_tela(regras=regras)
    return render(
        request,
        "candidatos/detalhe.html",
        {
            "certame": certame,
            "c": candidato,
            "grupos": grupos,
            # o procedimento por declaração falsa é só contra quem optou pela reserva
            "optou_pela_reserva": any(candidato.optou(g.nome) for g in regras.grupos_da_lei),
            # um formulário por grupo verificado por documentos, cada um com os seus ids
            "verificacao_forms": {
                g.nome: VerificacaoDocumentalForm(auto_id=f"verificacao_{g.nome}_%s")
                for g in grupos
            },
            # os campos que a lei declara (anos em escola pública...), com o valor gravado
            "campos_da_lei": [
                (c.rotulo, mostrar(chave, valor_atual(candidato, chave)))
                for chave, c in campos_da_lei(certame).items()
            ],
            "correcoes": candidato.correcoes.select_related("usuario"),
            "rotulos_dos_campos": campos_corrigiveis(certame),
            "correcao_form": correcao_form,
            "fraude_form": FraudeAbrirForm(auto_id="fraude_%s"),
            "desistencia_form": DesistenciaForm(auto_id="desistencia_%s"),
            # a desistência em vigor e as tornadas sem efeito (com o ato que as desfez)
            "desistencias": list(candidato.desistencias.all()),
            "desistiu": candidato.desistencias.filter(sem_efeito_em__isnull=True).first(),
        },
    )


SESSAO = "importacao"
POR_PAGINA = 100  # linhas por página da prévia


def _pendente(request: HttpRequest, certame: Certame, token: str) -> dict[str, Any] | None:
    """O arquivo enviado e ainda não confirmado (na sessão de quem o enviou)."""
    pendente = request.session.get(SESSAO, {})
    if not token or pendente.get("token") != token or pendente.get("certame") != certame.pk:
        return None
    return dict(pendente)


def _descartar_pendente(request: HttpRequest) -> None:
    anterior = request.session.pop(SESSAO, None)
    if anterior:
        (_pasta_importacoes() / anterior["arquivo"]).unlink(missing_ok=True)


@requer_papel(ADMIN)
def importar(request: HttpRequest, pk: int) -> HttpResponse:
    """O assistente: 1) as colunas que o certame pede e o modelo para baixar; 2) o envio;
    3) o mapeamento dos títulos que não são nomes aceitos (lembrado para a mesma banca);
    4) a prévia em páginas, com as contagens por cargo e lista; 5) a confirmação (tudo ou
    nada). Nada é gravado antes do passo 5."""
    certame = get_object_or_404(Certame, pk=pk)
    token = request.POST.get("token") or request.GET.get("token") or ""
    if token:
        pendente = _pendente(request, certame, token)
        if pendente is None:
            messages.error(request, "Prévia expirada; envie o arquivo de novo.")
            return redirect("candidatos:importar", pk=certame.pk)
        if request.method == "POST" and "mapear" in request.POST:
            return _mapear(request, certame, pendente)
        if request.method == "POST":
            return _confirmar(request, certame, pendente)
        return _previa(request, certame, pendente)

    substitui = request.POST.get("substitui") or request.GET.get("substituir") or ""
    form = ImportacaoForm(
        request.POST or None, request.FILES or None, initial={"substitui": substitui}
    )
    if request.method == "POST" and form.is_valid():
        arquivo = form.cleaned_data["arquivo"]
        extensao = Path(arquivo.name).suffix.lower()
        if extensao not in EXTENSOES:
            form.add_error("arquivo", "Formato não reconhecido: use CSV, XLSX ou ODS.")
        else:
            _descartar_pendente(request)
            services.limpar_previas(_pasta_importacoes())
            token = uuid.uuid4().hex
            caminho = _pasta_importacoes() / f"{token}{extensao}"
            services.gravar_previa(caminho, arquivo.chunks())
            banca = form.cleaned_data["banca"].strip()
            pendente = {
                "token": token,
                "certame": certame.pk,
                "arquivo": caminho.name,
                "nome": arquivo.name,
                "aba": form.cleaned_data["aba"].strip() or None,
                "banca": banca,
                "substitui": form.cleaned_data["substitui"] or None,
                "mapa": assistente.mapeamento_lembrado(certame, banca),
            }
            request.session[SESSAO] = pendente
            return _previa(request, certame, pendente, form=form)
    return _pagina(request, certame, form=form)


def _pagina(request: HttpRequest, certame: Certame, **contexto: Any) -> HttpResponse:
    form = contexto.get("form")
    substitui = form.initial.get("substitui") if form is not None else None
    return render(
        request,
        "candidatos/importar.html",
        {
            "certame": certame,
            "colunas": assistente.colunas_do_certame(certame),
            "importacoes": certame.importacoes.select_related("usuario", "substituida_por"),
            "substituindo": (
                certame.importacoes.filter(pk=substitui).first() if substitui else None
            ),
            "remover_form": RemoverImportacaoForm(),
            **contexto,
        },
    )


def _previa(
    request: HttpRequest,
    certame: Certame,
    pendente: dict[str, Any],
    form: ImportacaoForm | None = None,
) -> HttpResponse:
    """O mapeamento, se falta coluna; senão, a prévia na página pedida (`?pagina=`)."""
    caminho = _pasta_importacoes() / pendente["arquivo"]
    titulos = titulos_do_arquivo(caminho, pendente["aba"])
    mapa = {t: c for t, c in pendente["mapa"].items() if t in titulos}
    contexto: dict[str, Any] = {
        "form": form or ImportacaoForm(),
        "token": pendente["token"],
        "pendente": pendente,
    }
    previa = services.importacao_previa(
        certame=certame,
        caminho=caminho,
        nome_arquivo=pendente["nome"],
        aba=pendente["aba"],
        renomear=mapa,
        substitui=pendente.get("substitui"),
    )
    falta = assistente.faltam(certame, titulos, mapa)
    if falta and titulos:
        # Os erros da leitura (a coluna que falta, nada gravado) e a escolha que os resolve.
        contexto.update(
            {"mapear": falta, "titulos": titulos, "mapa": mapa, "previa": previa, "token": ""}
        )
        return _pagina(request, certame, **contexto)
    total = len(previa.candidatos)
    paginas = max(1, -(-total // POR_PAGINA))
    try:
        pagina = min(max(1, int(request.GET.get("pagina", "1"))), paginas)
    except ValueError:
        pagina = 1
    inicio = (pagina - 1) * POR_PAGINA
    contexto.update(
        {
            "previa": previa,
            "linhas": previa.linhas_da_pagina(inicio, inicio + POR_PAGINA),
            "contagem": previa.por_cargo_e_lista(),
            "pagina": pagina,
            "paginas": paginas,
            "primeira_linha": inicio + 1,
            "ultima_linha": min(total, inicio + POR_PAGINA),
            "mapa": mapa,
            "desempate": [str(c) for c, _ in certame.desempate],
            "rotulos": assistente.rotulos_das_colunas(
                certame, (coluna for _, coluna in previa.cabecalho)
            ),
        }
    )
    if not previa.valida:
        contexto["token"] = ""
    return _pagina(request, certame, **contexto)


def _mapear(request: HttpRequest, certame: Certame, pendente: dict[str, Any]) -> HttpResponse:
    """Grava a escolha de quem importa (título do arquivo → coluna) e volta à prévia."""
    caminho = _pasta_importacoes() / pendente["arquivo"]
    titulos = titulos_do_arquivo(caminho, pendente["aba"])
    mapa = {t: c for t, c in pendente["mapa"].items() if t in titulos}
    escolhas: dict[str, str] = {}
    erros = []
    for coluna in assistente.faltam(certame, titulos, mapa):
        titulo = request.POST.get(f"coluna_{coluna.nome}", "")
        if titulo not in titulos:
            erros.append(
                f"Escolha o título do arquivo que é a coluna {coluna.nome} ({coluna.descricao})."
            )
        elif titulo in escolhas:
            erros.append(
                f"O título “{titulo}” foi escolhido para duas colunas "
                f"({escolhas[titulo]} e {coluna.nome})."
            )
        else:
            escolhas[titulo] = coluna.nome
    for erro in erros:
        messages.error(request, erro)
    if escolhas and not erros:
        assistente.mapeamento_guardar(certame, pendente["banca"], escolhas)
        pendente["mapa"] = {**pendente["mapa"], **escolhas}
        request.session[SESSAO] = pendente
    return redirect(
        reverse("candidatos:importar", args=[certame.pk]) + f"?token={pendente['token']}"
    )


def _confirmar(request: HttpRequest, certame: Certame, pendente: dict[str, Any]) -> HttpResponse:
    caminho = _pasta_importacoes() / pendente["arquivo"]
    mapa = pendente["mapa"]
    if not pendente.get("substitui") and caminho.is_file() and services.importacao_grande(caminho):
        # Arquivo grande: pela fila, com a barra de progresso (o arquivo é apagado ao fim).
        request.session.pop(SESSAO, None)
        tarefa = services.importacao_em_segundo_plano(
            usuario=usuario_de(request),
            certame=certame,
            caminho=caminho,
            nome_arquivo=pendente["nome"],
            aba=pendente.get("aba"),
            renomear=mapa,
        )
        return redirect("tarefas:acompanhar", tarefa_id=tarefa.pk)
    try:
        if pendente.get("substitui"):
            antiga = get_object_or_404(Importacao, pk=pendente["substitui"], certame=certame)
            assistente.importacao_substituir(
                usuario=usuario_de(request),
                importacao=antiga,
                caminho=caminho,
                nome_arquivo=pendente["nome"],
                aba=pendente["aba"],
                renomear=mapa,
            )
        else:
            services.importacao_confirmar(
                usuario=usuario_de(request),
                certame=certame,
                caminho=caminho,
                nome_arquivo=pendente["nome"],
                aba=pendente["aba"],
                renomear=mapa,
            )
    except ValidationError as erro:
        for m in mensagens_de(erro):
            messages.error(request, m)
        return redirect("candidatos:importar", pk=certame.pk)
    finally:
        _descartar_pendente(request)
    messages.success(
        request,
        "Importação substituída." if pendente.get("substitui") else "Candidatos importados.",
    )
    return redirect("candidatos:lista", pk=certame.pk)


@requer_papel(ADMIN)
def importacao_remover(request: HttpRequest, pk: int, iid: int) -> HttpResponse:
    """Remove uma importação inteira antes da homologação (pergunta antes)."""
    certame = get_object_or_404(Certame, pk=pk)
    importacao = get_object_or_404(Importacao, pk=iid, certame=certame)
    form = RemoverImportacaoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not confirmado(request):
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="remover a importação",
                botao="Remover",
                o_que=[
                    f"Remover a importação do arquivo {importacao.arquivo_nome}, de "
                    f"{timezone.localtime(importacao.quando):%d/%m/%Y %H:%M}: os seus "
                    f"{importacao.candidato_set.count()} candidato(s) saem do certame.",
                    f"Motivo: {form.cleaned_data['motivo']}",
                    "A remoção fica no histórico; o arquivo pode ser importado de novo.",
                ],
                voltar=reverse("candidatos:importar", args=[pk]),
            )
        tentar(
            request,
            lambda: assistente.importacao_remover(
                usuario=usuario_de(request),
                importacao=importacao,
                motivo=form.cleaned_data["motivo"],
            ),
            "Importação removida.",
        )
    elif request.method == "POST":
        erros_do_formulario(request, form)
    return redirect("candidatos:importar", pk=pk)


@requer_papel(ADMIN, AUDITOR)
def modelo(request: HttpRequest, pk: int, formato: str) -> HttpResponse:
    """O modelo do arquivo da banca para este certame: as colunas que ele pede e uma linha de
    exemplo."""
    certame = get_object_or_404(Certame, pk=pk)
    if formato == "csv":
        conteudo, tipo = assistente.modelo_csv(certame), "text/csv; charset=utf-8"
    elif formato == "xlsx":
        conteudo = assistente.modelo_xlsx(certame)
        tipo = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    else:
        raise Http404("Formato desconhecido.")
    resposta = HttpResponse(conteudo, content_type=tipo)
    resposta["Content-Disposition"] = disposicao(f"modelo-candidatos.{formato}", anexo=True)
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@requer_papel(ADMIN)
def corrigir(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    """Correção de um dado do candidato depois da homologação, com o registro (pergunta
    antes: o dado corrigido muda as listas e os documentos)."""
    from .correcoes import (
        campos_corrigiveis,
        candidato_corrigir,
        consequencias_da_correcao,
        mostrar,
        valor_atual,
    )

    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = CorrecaoForm(request.POST or None, certame=certame, auto_id=ID_CORRECAO)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        if not confirmado(request):
            try:
                mudancas = consequencias_da_correcao(
                    candidato=candidato, campo=d["campo"], valor=d["valor"]
                )
            except ValidationError as erro:  # (no formulário, com o que foi digitado)
                for m in mensagens_de(erro):
                    form.add_error(None, m)
                return _pagina_do_candidato(request, certame, candidato, form)
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="corrigir o dado do candidato",
                botao="Registrar a correção",
                o_que=[
                    f"{candidato.inscricao} — {candidato.nome}: "
                    f"{campos_corrigiveis(certame)[d['campo']].lower()} "
                    f"{mostrar(d['campo'], valor_atual(candidato, d['campo'])) or '(vazio)'} → "
                    f"{mostrar(d['campo'], form.valor_lido) or '(vazio)'}, "
                    f"em {d['data']:%d/%m/%Y}.",
                    f"Motivo: {d['motivo']}",
                    "As listas, os documentos e as páginas públicas passam a mostrar o valor "
                    "corrigido; a correção fica no histórico. As nomeações já publicadas por "
                    "portaria não mudam: a correção vale desta data em diante.",
                    *mudancas,
                ],
                fundamento=d["fundamento"],
                voltar=reverse("candidatos:detalhe", args=[pk, cid]),
            )
        try:
            candidato_corrigir(
                usuario=usuario_de(request),
                candidato=candidato,
                campo=d["campo"],
                valor=d["valor"],
                motivo=d["motivo"],
                fundamento=d["fundamento"],
                data=d["data"],
            )
        except ValidationError as erro:  # (de volta ao formulário, com o que foi digitado)
            for m in mensagens_de(erro):
                form.add_error(None, m)
            return _pagina_do_candidato(request, certame, candidato, form)
        messages.success(request, "Correção registrada.")
    elif request.method == "POST":
        return _pagina_do_candidato(request, certame, candidato, form)
    return redirect("candidatos:detalhe", pk=pk, cid=cid)


@requer_papel(ADMIN)
def desistencia(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    from cotas_web.nomeacoes.services import (
        candidato_registrar_desistencia,
        conferir_desistencia_antes,
    )

    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = DesistenciaForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and not confirmado(request):
        try:  # (o que o ato recusaria, recusado antes de perguntar)
            conferir_desistencia_antes(
                certame=certame, candidato=candidato, data=form.cleaned_data["data"]
            )
        except ValidationError as erro:
            for m in mensagens_de(erro):
                messages.error(request, m)
            return redirect("candidatos:detalhe", pk=pk, cid=cid)
        return pedir_confirmacao(
            request,
            certame=certame,
            titulo="registrar a desistência",
            botao="Registrar",
            o_que=[
                f"{candidato.inscricao} — {candidato.nome} ({candidato.cargo.codigo}) desiste em "
                f"{form.cleaned_data['data']:%d/%m/%Y} e sai de todas as listas.",
                "Se o candidato já tinha uma vaga proposta, ela é recomposta pela lista a que "
                "pertence.",
            ],
            fundamento=_fundamento_da_desistencia(certame, candidato),
            voltar=reverse("candidatos:detalhe", args=[pk, cid]),
        )
    if request.method == "POST" and form.is_valid():
        tentar(
            request,
            lambda: candidato_registrar_desistencia(
                usuario=usuario_de(request),
                candidato=candidato,
                data=form.cleaned_data["data"],
                observacao=form.cleaned_data["observacao"],
            ),
            "Desistência registrada.",
        )
    elif request.method == "POST":
        erros_do_formulario(request, form)
    return redirect("candidatos:detalhe", pk=pk, cid=cid)


@requer_papel(ADMIN)
def verificacao_documental(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    """O RH registra a análise documental de um grupo que a lei verifica por documentos."""
    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = VerificacaoDocumentalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        tentar(
            request,
            lambda: services.verificacao_documental_registrar(
                usuario=usuario_de(request),
                candidato=candidato,
                grupo=request.POST.get("grupo", ""),
                resultado=d["resultado"],
                data=d["data"],
                fundamentacao=d["fundamentacao"],
            ),
            "Verificação documental registrada.",
        )
    elif request.method == "POST":
        erros_do_formulario(request, form)
    return redirect("candidatos:detalhe", pk=pk, cid=cid)


def _fundamento_da_desistencia(certame: Certame, candidato: Candidato) -> str:
    """O dispositivo da desistência de cada grupo da lei pelo qual o candidato optou."""
    grupos = regras_do_certame(certame=certame).grupos_da_lei
    refs = [r for g in grupos if candidato.optou(g.nome) for r in g.ref("desistencia")]
    return "; ".join(dict.fromkeys(r.citacao() for r in refs))


@requer_papel(ADMIN, AUDITOR)
def fraudes(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    procs = ProcedimentoFraude.objects.filter(candidato__certame=certame).select_related(
        "candidato"
    )
    return render(request, "candidatos/fraudes.html", {"certame": certame, "procs": procs})


@requer_papel(ADMIN)
def fraude_abrir(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = FraudeAbrirForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        proc = tentar(
            request,
            lambda: services.fraude_abrir(
                usuario=usuario_de(request),
                candidato=candidato,
                data=form.cleaned_data["data"],
                motivo=form.cleaned_data["motivo"],
            ),
            "Procedimento aberto. Registre a defesa do candidato.",
        )
        if proc:
            return redirect("candidatos:fraude", pk=certame.pk, fid=proc.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "certame": certame,
            "botao": "Abrir procedimento",
            "titulo": f"Procedimento por declaração falsa — {candidato}",
        },
    )


def _proc(certame: Certame, fid: int) -> ProcedimentoFraude:
    return get_object_or_404(
        ProcedimentoFraude.objects.select_related("candidato"), pk=fid, candidato__certame=certame
    )


@requer_papel(ADMIN, AUDITOR)
def fraude(request: HttpRequest, pk: int, fid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return render(
        request,
        "candidatos/fraude.html",
        {
            "certame": certame,
            "p": _proc(certame, fid),
            "defesa_form": DefesaForm(auto_id="defesa_%s"),
            "decisao_form": DecisaoForm(auto_id="decisao_%s"),
            "encaminhamento_form": EncaminhamentoForm(auto_id="encaminhamento_%s"),
        },
    )


def _pergunta_da_falsidade(
    request: HttpRequest, certame: Certame, proc: ProcedimentoFraude, d: dict[str, Any]
) -> HttpResponse:
    """A página que pergunta antes de anular a inscrição: o que cai com ela e o fundamento; a
    recusa (a data, a falta da defesa) já aqui, antes de perguntar."""
    voltar = reverse("candidatos:fraude", args=[certame.pk, proc.pk])
    try:
        linhas = services.fraude_decisao_conferir(
            procedimento=proc, data=d["data"], decisao=d["decisao"], autoridade=d["autoridade"]
        )
    except ValidationError as erro:
        for m in mensagens_de(erro):
            messages.error(request, m)
        return redirect(voltar)
    return pedir_confirmacao(
        request,
        certame=certame,
        titulo="anular a inscrição por declaração falsa",
        o_que=linhas,
        fundamento=services.fundamento_da_falsidade(certame),
        botao="Anular a inscrição",
        voltar=voltar,
        estilo_botao="irreversivel",
    )


@requer_papel(ADMIN)
def fraude_acao(request: HttpRequest, pk: int, fid: int, acao: str) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    proc = _proc(certame, fid)
    if request.method != "POST":
        return redirect("candidatos:fraude", pk=pk, fid=fid)
    f: forms.Form
    if acao == "defesa":
        f = DefesaForm(request.POST)
        if f.is_valid():
            tentar(
                request,
                lambda: services.fraude_registrar_defesa(
                    usuario=usuario_de(request),
                    procedimento=proc,
                    data=f.cleaned_data["data"],
                    defesa=f.cleaned_data["defesa"],
                ),
                "Defesa registrada.",
            )
    elif acao == "decisao":
        f = DecisaoForm(request.POST)
        falsidade = f.is_valid() and f.cleaned_data["decisao"] == DecisaoFraude.FALSIDADE
        if falsidade and not confirmado(request):  # (o ato mais grave: anula a inscrição)
            return _pergunta_da_falsidade(request, certame, proc, f.cleaned_data)
        if f.is_valid():
            tentar(
                request,
                lambda: services.fraude_decidir(
                    usuario=usuario_de(request),
                    procedimento=proc,
                    data=f.cleaned_data["data"],
                    decisao=f.cleaned_data["decisao"],
                    fundamentacao=f.cleaned_data["fundamentacao"],
                    autoridade=f.cleaned_data["autoridade"],
                ),
                "Decisão registrada.",
            )
    elif acao == "encaminhamento":
        f = EncaminhamentoForm(request.POST)
        if f.is_valid():
            tentar(
                request,
                lambda: services.fraude_encaminhar(
                    usuario=usuario_de(request),
                    procedimento=proc,
                    data=f.cleaned_data["data"],
                    orgao=f.cleaned_data["orgao"],
                ),
                "Encaminhamento registrado.",
            )
    else:
        raise Http404
    if request.method == "POST" and not f.is_valid():
        erros_do_formulario(request, f)
    return redirect("candidatos:fraude", pk=pk, fid=fid)
