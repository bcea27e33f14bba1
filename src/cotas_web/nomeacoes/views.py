from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from cotas_web.certames.confirmacao import confirmado, pagina_sem_efeito, pedir_confirmacao
from cotas_web.certames.models import Cargo, Certame
from cotas_web.certames.selectors import regras_do_certame
from cotas_web.comum import erros_do_formulario, mensagens_de, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, papel_de, requer_papel, usuario_de

from . import services
from .forms import (
    ConfirmarForm,
    ConfirmarLoteForm,
    DataForm,
    DesistenciaForm,
    FinalDeFilaForm,
    NovasVagasForm,
    OfertaEditalForm,
)
from .models import Desistencia, Nomeacao, OfertaVagas
from .selectors import nomeacao_que_conta, painel_nomeacoes, propostas_do_motor

# Acima disto, o painel abre num resumo por cargo (cada cargo com as suas propostas e atos em
# `?cargo=`): centenas de cargos com todas as nomeações seriam uma página de dezenas de MB.
PAINEL_CARGOS_POR_EXTENSO = 20


@requer_papel(ADMIN, AUDITOR)
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    """As propostas do motor e os atos de cada cargo. Com muitos cargos (um concurso nacional
    tem centenas, e dezenas de milhares de nomeações), um resumo por cargo; `?cargo=` abre um."""
    certame = get_object_or_404(Certame, pk=pk)
    cargo = request.GET.get("cargo", "").strip()
    resumo = not cargo and certame.cargos.count() > PAINEL_CARGOS_POR_EXTENSO
    painel = painel_nomeacoes(certame=certame, cargo=cargo or None, com_propostas=not resumo)
    if cargo and not painel.cargos:
        raise Http404("Cargo desconhecido.")
    digitado = request.session.pop(DIGITADO, None)
    de_novas = digitado["valores"] if digitado and digitado["formulario"] == "f-novas-vagas" else {}
    return render(
        request,
        "nomeacoes/painel.html",
        {
            "certame": certame,
            # Os formulários dos atos: só o RH, e nunca num certame arquivado (o serviço recusa
            # todo ato; antes, ~65 formulários apareciam e cada um era recusado depois do envio).
            "pode_agir": papel_de(request.user) == ADMIN and not certame.arquivado,
            "painel": painel,
            "cargo": cargo,
            "resumo": resumo,
            "digitado": digitado,
            "oferta_form": OfertaEditalForm(),
            "novas_form": NovasVagasForm(initial=de_novas, cargos=certame.cargos.all()),
            # O código do formulário de nomeações em lote (um por cargo: `-<cargo>`).
            "pedido_lote": uuid.uuid4().hex,
        },
    )


Pergunta = Callable[[dict[str, Any]], "dict[str, Any] | None"]

# O que o funcionário digitou num formulário do painel recusado (o campo oculto `formulario`
# diz qual): guardado na sessão para a página seguinte o devolver ao formulário e mostrá-lo
# (painel.js); antes, a página voltava ao topo com todos os formulários vazios.
DIGITADO = "painel_digitado"
_ID_DO_FORMULARIO = re.compile(r"f-[a-z]+(?:-[a-z0-9]+){0,3}")
_CAMPOS_DIGITADOS = (
    "portaria",
    "data_portaria",
    "data",
    "quantidade",
    "justificativa",
    "observacao",
    "cargo",
)


def _guardar_digitado(request: HttpRequest) -> str:
    """Guarda o digitado no formulário recusado; devolve o id dele (a âncora da volta)."""
    formulario = request.POST.get("formulario", "")
    if not _ID_DO_FORMULARIO.fullmatch(formulario):  # (vai ao endereço, como âncora)
        return ""
    if not _ainda_e_o_mesmo_formulario(formulario, request.POST.get("inscricao", "")):
        return ""  # (sem âncora: a página volta ao topo, à recusa)
    valores = {c: request.POST[c][:2000] for c in _CAMPOS_DIGITADOS if c in request.POST}
    request.session[DIGITADO] = {"formulario": formulario, "valores": valores}
    return formulario


def _ainda_e_o_mesmo_formulario(formulario: str, inscricao: str) -> bool:
    """O formulário de confirmação de um cargo é o da próxima nomeação dele. Se a inscrição
    recusada já foi nomeada (de outra aba), ele agora é o de outra pessoa: a portaria e a data
    digitadas não voltam, porque ficariam a um clique de nomeá-la por aquela portaria."""
    if not formulario.startswith("f-confirmar-"):
        return True
    pk = formulario.removeprefix("f-confirmar-")
    return not (pk.isdigit() and nomeacao_que_conta(cargo_id=int(pk), inscricao=inscricao))


def _agir(
    request: HttpRequest,
    pk: int,
    form: forms.Form,
    acao: Callable[[dict[str, Any]], Any],
    sucesso: str | Callable[[dict[str, Any]], str],
    pergunta: Pergunta | None = None,
    onde: str = "",
) -> HttpResponse:
    """Uma ação do painel por POST: valida o formulário, chama o serviço e volta ao painel
    (erros de formulário e de negócio viram mensagens na página). Um ato que não se desfaz
    (`pergunta`) mostra antes o que vai acontecer e o seu fundamento, e só o envio confirmado
    o faz."""
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            if pergunta is not None and not confirmado(request):
                try:
                    texto = pergunta(d)
                except ValidationError as erro:  # recusado já na conferência, antes de perguntar
                    for m in mensagens_de(erro):
                        messages.error(request, f"{onde} — {m}" if onde else m)
                    return _voltar_ao_painel(request, pk, _guardar_digitado(request))
                if texto is not None:
                    return pedir_confirmacao(
                        request, voltar=reverse("nomeacoes:painel", args=[pk]), **texto
                    )
            feito = tentar(
                request, lambda: acao(d), sucesso(d) if callable(sucesso) else sucesso, onde
            )
            if feito is None:
                return _voltar_ao_painel(request, pk, _guardar_digitado(request))
        else:
            erros_do_formulario(request, form, onde)
            return _voltar_ao_painel(request, pk, _guardar_digitado(request))
    return _voltar_ao_painel(request, pk)


def _voltar_ao_painel(request: HttpRequest, pk: int, ancora: str = "") -> HttpResponse:
    """O painel, no cargo aberto e, depois de uma recusa, no formulário recusado (`ancora`)."""
    destino = redirect("nomeacoes:painel", pk=pk)
    if cargo := request.POST.get("cargo_do_painel", "").strip():  # volta ao cargo aberto
        destino["Location"] += "?" + urlencode({"cargo": cargo})
    if ancora:
        destino["Location"] += f"#{ancora}"
    return destino


@requer_papel(ADMIN)
def ofertar_edital(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return _agir(
        request,
        pk,
        OfertaEditalForm(request.POST or None),
        lambda d: services.vagas_edital_ofertar(
            usuario=usuario_de(request), certame=certame, data=d["data"]
        ),
        "Vagas do edital ofertadas; veja as nomeações propostas.",
        lambda d: {
            "certame": certame,
            "titulo": "ofertar as vagas do edital",
            "botao": "Ofertar as vagas do edital",
            "o_que": [
                f"Ofertar em {d['data']:%d/%m/%Y} as vagas do edital de cada cargo:",
                *(
                    f"{c.codigo} — {c.nome}: {c.vagas_edital} vaga(s)"
                    for c in certame.cargos.order_by("codigo")
                ),
                "As nomeações passam a ser propostas vaga a vaga, na ordem da lei; as vagas "
                "do edital não mudam mais depois de ofertadas (vagas a mais são novas vagas).",
            ],
            "fundamento": _fundamento_dos_grupos(certame, "percentual"),
        },
        onde="Oferta das vagas do edital",
    )


@requer_papel(ADMIN)
def novas_vagas(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return _agir(
        request,
        pk,
        NovasVagasForm(request.POST or None, cargos=certame.cargos.all()),
        lambda d: services.vagas_novas_ofertar(
            usuario=usuario_de(request),
            cargo=d["cargo"],
            data=d["data"],
            quantidade=d["quantidade"],
            justificativa=d["justificativa"],
            token=d["pedido"],
        ),
        "Novas vagas ofertadas.",
        lambda d: _pergunta_das_novas_vagas(certame, d),
        onde="Novas vagas",
    )


def _pergunta_das_novas_vagas(certame: Certame, d: dict[str, Any]) -> dict[str, Any]:
    services.conferir_oferta_antes(certame=certame, data=d["data"])
    return {
        "certame": certame,
        "titulo": "ofertar novas vagas",
        "botao": "Ofertar as vagas",
        "o_que": [
            f"Ofertar {d['quantidade']} nova(s) vaga(s) para {d['cargo'].codigo} — "
            f"{d['cargo'].nome} em {d['data']:%d/%m/%Y}: {d['justificativa']}",
            "A reserva é recalculada sobre o total de vagas oferecidas, e as próximas "
            "nomeações seguem a ordem da lei.",
        ],
        "fundamento": _fundamento_dos_grupos(certame, "percentual"),
    }


@requer_papel(ADMIN)
def confirmar(request: HttpRequest, pk: int, cargo_id: int) -> HttpResponse:
    cargo = get_object_or_404(Cargo, pk=cargo_id, certame_id=pk)
    return _agir(
        request,
        pk,
        ConfirmarForm(request.POST or None),
        lambda d: services.nomeacao_confirmar(
            usuario=usuario_de(request),
            cargo=cargo,
            inscricao=d["inscricao"],
            portaria=d["portaria"],
            data_portaria=d["data_portaria"],
        ),
        lambda d: f"Nomeação da inscrição {d['inscricao']} confirmada.",
        lambda d: _pergunta_da_nomeacao(cargo, d),
        onde=f"Nomeação de {request.POST.get('inscricao', '')[:40]} em {cargo.codigo}",
    )


@requer_papel(ADMIN)
def confirmar_lote(request: HttpRequest, pk: int, cargo_id: int) -> HttpResponse:
    """As próximas N nomeações do cargo numa portaria só, na ordem da lei."""
    cargo = get_object_or_404(Cargo, pk=cargo_id, certame_id=pk)
    feito = services.lote_ja_enviado(request.POST.get("pedido", "")) if request.POST else ""
    if feito:
        messages.info(request, f"Este formulário já foi enviado: {feito} Nada de novo foi feito.")
        return _voltar_ao_painel(request, pk)
    return _agir(
        request,
        pk,
        ConfirmarLoteForm(request.POST or None),
        lambda d: services.nomeacoes_confirmar_em_lote(
            usuario=usuario_de(request),
            cargo=cargo,
            quantidade=d["quantidade"],
            portaria=d["portaria"],
            data_portaria=d["data_portaria"],
            token=d["pedido"],
        ),
        lambda d: f"{d['quantidade']} nomeação(ões) de {cargo.codigo} confirmada(s).",
        lambda d: _pergunta_do_lote(cargo, d),
        onde=f"Nomeações em lote de {cargo.codigo}",
    )


def _pergunta_do_lote(cargo: Cargo, d: dict[str, Any]) -> dict[str, Any] | None:
    """Quem a portaria nomeia, um por linha, na ordem da lei (as propostas do motor). Sem
    propostas bastantes, nada a perguntar: o serviço diz quantas há."""
    propostas = propostas_do_motor(certame=cargo.certame, cargo=cargo)
    services.conferir_nomeacao_antes(
        certame=cargo.certame,
        cargo=cargo,
        propostas=propostas[: d["quantidade"]],
        data_portaria=d["data_portaria"],
    )
    if len(propostas) < d["quantidade"]:
        return None
    # Cada linha com o porquê dela (como na confirmação de uma só): quem confere um lote de 13
    # vê por que cada um vai naquela vaga, não só o fundamento do conjunto.
    linhas = [
        f"{p.ordem}ª nomeação, vaga {p.vaga}: {p.inscricao} — "
        f"{p.candidato.nome if p.candidato else ''}, pela lista de {p.modalidade_rotulo}"
        + (f", em substituição a {p.substitui}" if p.substitui else "")
        + f". Por quê: {p.razao}"
        for p in propostas[: d["quantidade"]]
    ]
    fundamentos = "; ".join(
        dict.fromkeys(
            c for p in propostas[: d["quantidade"]] for c in p.fundamento.split("; ") if c
        )
    )
    return {
        "certame": cargo.certame,
        "titulo": f"nomear {d['quantidade']} candidato(s) de {cargo.codigo}",
        "botao": "Confirmar as nomeações",
        "o_que": [
            f"Portaria nº {d['portaria']}, de {d['data_portaria']:%d/%m/%Y}, nomeia para "
            f"{cargo.codigo} — {cargo.nome}, na ordem da lei:",
            *linhas,
            *services.avisos_da_portaria(certame=cargo.certame, portaria=d["portaria"]),
        ],
        "fundamento": fundamentos,
    }


@requer_papel(ADMIN)
def posse(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request,
        pk,
        DataForm(request.POST or None),
        lambda d: services.nomeacao_registrar_posse(
            usuario=usuario_de(request), nomeacao=nomeacao, data=d["data"]
        ),
        "Posse registrada.",
        onde=f"Posse de {nomeacao.candidato.inscricao} em {nomeacao.cargo.codigo}",
    )


@requer_papel(ADMIN)
def desistencia(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request,
        pk,
        DesistenciaForm(request.POST or None),
        lambda d: services.nomeacao_registrar_desistencia(
            usuario=usuario_de(request),
            nomeacao=nomeacao,
            data=d["data"],
            motivo=d["motivo"],
            observacao=d["observacao"],
        ),
        "Registrado. A substituição foi proposta pela lista a que a vaga pertence.",
        lambda d: _pergunta_da_saida(nomeacao, d),
        onde=f"Saída de {nomeacao.candidato.inscricao} em {nomeacao.cargo.codigo}",
    )


def _pergunta_da_saida(nomeacao: Nomeacao, d: dict[str, Any]) -> dict[str, Any]:
    services.conferir_saida_antes(nomeacao=nomeacao, data=d["data"])
    return {
        "certame": nomeacao.cargo.certame,
        "titulo": "registrar a desistência"
        if d["motivo"] == "desistencia"
        else "registrar o prazo de posse esgotado",
        "botao": "Registrar",
        "o_que": [
            f"{nomeacao.candidato.inscricao} — {nomeacao.candidato.nome}, nomeado(a) pela "
            f"portaria nº {nomeacao.portaria} na vaga {nomeacao.vaga} de "
            f"{nomeacao.cargo.codigo}, "
            + services.FATO_DA_SAIDA[d["motivo"]]
            + f" em {d['data']:%d/%m/%Y}.",
            "A vaga volta à lista a que pertence ("
            + (nomeacao.reservada_rotulo or nomeacao.modalidade_rotulo)
            + "): a próxima nomeação é proposta por ela.",
        ],
        # A vaga reservada se recompõe pela regra da desistência do grupo; a de ampla
        # concorrência, pela lista geral, na concorrência que a lei dá a todos (o mesmo
        # fundamento que o motor dá a quem a recompõe; antes, a página ficava sem fundamento).
        "fundamento": _fundamento_do_grupo(
            nomeacao.cargo.certame,
            nomeacao.reservada_para or nomeacao.modalidade,
            "desistencia",
        )
        or _fundamento_dos_grupos(nomeacao.cargo.certame, "concorrencia"),
    }


@requer_papel(ADMIN)
def final_de_fila(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    """Pedido do nomeado (ainda sem posse) para ir ao final da lista, se o edital o admite."""
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request,
        pk,
        FinalDeFilaForm(request.POST or None),
        lambda d: services.nomeacao_final_de_fila(
            usuario=usuario_de(request),
            nomeacao=nomeacao,
            data=d["data"],
            observacao=d["observacao"],
        ),
        f"{nomeacao.candidato.inscricao} foi para o final da lista. A substituição foi "
        "proposta pela lista a que a vaga pertence.",
        onde=f"Final da lista: {nomeacao.candidato.inscricao} em {nomeacao.cargo.codigo}",
    )


def _fundamento_dos_grupos(certame: Certame, chave: str) -> str:
    """O dispositivo da lei do certame de cada grupo da lei (ex.: o percentual de cada um)."""
    grupos = regras_do_certame(certame=certame).grupos_da_lei
    return "; ".join(dict.fromkeys(r.citacao() for g in grupos for r in g.ref(chave)))


def _fundamento_do_grupo(certame: Certame, grupo: str, chave: str) -> str:
    """O dispositivo da lei do certame para um grupo de reserva (vazio: ampla concorrência)."""
    regra = regras_do_certame(certame=certame).grupo(grupo)
    return "; ".join(r.citacao() for r in regra.ref(chave)) if regra is not None else ""


def _pergunta_da_nomeacao(cargo: Cargo, d: dict[str, Any]) -> dict[str, Any] | None:
    """O que a portaria fará: quem, que vaga, por qual lista e por quê (a proposta do motor).
    Sem proposta para a inscrição, nada a perguntar: o serviço diz o que falta."""
    proposta = next(
        (
            p
            for p in propostas_do_motor(certame=cargo.certame, cargo=cargo)
            if p.inscricao == d["inscricao"]
        ),
        None,
    )
    services.conferir_nomeacao_antes(
        certame=cargo.certame,
        cargo=cargo,
        propostas=[proposta] if proposta is not None else [],
        data_portaria=d["data_portaria"],
    )
    if proposta is None or proposta.candidato is None:
        return None
    return {
        "certame": cargo.certame,
        "titulo": "nomear",
        "botao": "Confirmar a nomeação",
        "o_que": [
            f"Nomear {proposta.inscricao} — {proposta.candidato.nome} para {cargo.codigo} — "
            f"{cargo.nome}, {proposta.ordem}ª nomeação, na vaga {proposta.vaga}, pela lista de "
            f"{proposta.modalidade_rotulo}"
            + (f", em substituição a {proposta.substitui}" if proposta.substitui else "")
            + ".",
            f"Portaria nº {d['portaria']}, de {d['data_portaria']:%d/%m/%Y}.",
            *services.avisos_da_portaria(certame=cargo.certame, portaria=d["portaria"]),
            proposta.razao,
        ],
        "fundamento": proposta.fundamento,
    }


# ---------------------------------------------------------------- tornar sem efeito


def _sem_efeito(
    request: HttpRequest,
    certame: Certame,
    *,
    titulo: str,
    introducao: str,
    volta: list[str],
    acao: Callable[[dict[str, Any]], Any],
    sucesso: str,
) -> HttpResponse:
    """A página de tornar sem efeito um ato do RH: as consequências nas nomeações propostas
    são lidas fazendo o ato numa transação desfeita (a recusa dele já aparece ali)."""
    return pagina_sem_efeito(
        request,
        certame=certame,
        titulo=titulo,
        introducao=introducao,
        consequencias=lambda d: [*volta, *services.consequencias(certame, lambda: acao(d))],
        acao=acao,
        sucesso=sucesso,
        voltar=reverse("nomeacoes:painel", args=[certame.pk]),
    )


@requer_papel(ADMIN)
def nomeacao_sem_efeito(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    n = get_object_or_404(
        Nomeacao.objects.select_related("candidato", "cargo__certame"),
        pk=nid,
        cargo__certame_id=pk,
    )
    return _sem_efeito(
        request,
        n.cargo.certame,
        titulo=f"tornar sem efeito a nomeação de {n.candidato.inscricao}",
        introducao=(
            f"Nomeação de {n.candidato.inscricao} — {n.candidato.nome} pela portaria nº "
            f"{n.portaria}, de {n.data_portaria:%d/%m/%Y} ({n.ordem}ª nomeação, vaga {n.vaga} de "
            f"{n.cargo.codigo}). Registrada por engano? Um ato novo a torna sem efeito; ela "
            "continua no registro, com o ato ao lado."
        ),
        volta=[
            f"A nomeação da portaria nº {n.portaria} deixa de valer; a {n.ordem}ª nomeação de "
            f"{n.cargo.codigo} (vaga {n.vaga}) volta a ser proposta pela ordem da lei."
        ],
        acao=lambda d: services.nomeacao_tornar_sem_efeito(
            usuario=usuario_de(request),
            nomeacao=n,
            data=d["data"],
            ato=d["ato"],
            autoridade=d["autoridade"],
            motivo=d["motivo"],
        ),
        sucesso=f"Nomeação de {n.candidato.inscricao} tornada sem efeito.",
    )


@requer_papel(ADMIN)
def desistencia_sem_efeito(request: HttpRequest, pk: int, did: int) -> HttpResponse:
    d0 = get_object_or_404(
        Desistencia.objects.select_related("candidato__certame"),
        pk=did,
        certame_id=pk,
    )
    c = d0.candidato
    qual = "o prazo de posse esgotado" if d0.motivo == "sem_posse" else "a desistência"
    return _sem_efeito(
        request,
        c.certame,
        titulo=f"tornar sem efeito {qual} de {c.inscricao}",
        introducao=(
            f"{qual[0].upper()}{qual[1:]} de {c.inscricao} — {c.nome}, registrad{qual[0]} em "
            f"{d0.data:%d/%m/%Y}. Registrad{qual[0]} por engano? Um ato novo a torna sem "
            "efeito; o registro continua, com o ato ao lado."
        ),
        volta=[
            f"{qual[0].upper()}{qual[1:]} de {c.inscricao} deixa de valer: se ele(a) estava "
            "nomeado(a), a nomeação volta a valer; senão, volta às listas."
        ],
        acao=lambda d: services.desistencia_tornar_sem_efeito(
            usuario=usuario_de(request),
            desistencia=d0,
            data=d["data"],
            ato=d["ato"],
            autoridade=d["autoridade"],
            motivo=d["motivo"],
        ),
        sucesso=f"{qual[0].upper()}{qual[1:]} de {c.inscricao} tornad{qual[0]} sem efeito.",
    )


@requer_papel(ADMIN)
def vagas_sem_efeito(request: HttpRequest, pk: int, oid: int) -> HttpResponse:
    o = get_object_or_404(
        OfertaVagas.objects.select_related("cargo__certame"),
        pk=oid,
        cargo__certame_id=pk,
        do_edital=False,
    )
    return _sem_efeito(
        request,
        o.cargo.certame,
        titulo=f"tornar sem efeito as novas vagas de {o.cargo.codigo}",
        introducao=(
            f"Oferta de {o.quantidade} nova(s) vaga(s) de {o.cargo.codigo} em "
            f"{o.data:%d/%m/%Y}: {o.justificativa}. Registrada por engano? Um ato novo a torna "
            "sem efeito; ela continua no registro, com o ato ao lado."
        ),
        volta=[
            f"As {o.quantidade} vaga(s) desta oferta deixam de existir: a reserva de "
            f"{o.cargo.codigo} volta a ser calculada sem elas."
        ],
        acao=lambda d: services.vagas_tornar_sem_efeito(
            usuario=usuario_de(request),
            oferta=o,
            data=d["data"],
            ato=d["ato"],
            autoridade=d["autoridade"],
            motivo=d["motivo"],
        ),
        sucesso=f"Novas vagas de {o.cargo.codigo} tornadas sem efeito.",
    )
