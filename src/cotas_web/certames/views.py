from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from cotas_web.auditoria.selectors import historico_do_certame
from cotas_web.comum import mensagens_de, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, TODOS, publica, requer_papel

from . import selectors, services
from .forms import CargoForm, CertameForm, DataForm
from .models import BaseDoLimiar, Certame, DuplaCondicao, PrioridadeColisao


@publica
def inicio(request: HttpRequest) -> HttpResponse:
    return render(
        request, "certames/inicio.html",
        {"certames": selectors.certames_visiveis(usuario=request.user)},
    )


@publica
def publico(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    regras = selectors.regras_do_certame(certame=certame)
    return render(
        request,
        "certames/publico.html",
        {
            "certame": certame,
            "regras": regras,
            "reservas": selectors.reserva_por_cargo(certame=certame),
        },
    )


@requer_papel(ADMIN)
def novo(request: HttpRequest) -> HttpResponse:
    form = CertameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            certame = services.certame_criar(
                usuario=request.user,
                nome=d["nome"],
                municipio=d["municipio"],
                data_edital=d["data_edital"],
                tipo=d["tipo"],
                validade_ate=d["validade_ate"],
                pcd_percentual=d["pcd_percentual"],
                pcd_arredondamento=d["pcd_arredondamento"] or "cima",
                pcd_teto=d["pcd_teto"],
                data_referencia_idade=d["data_referencia_idade"],
                desempate=d["desempate"],
                admite_final_de_fila=d["admite_final_de_fila"],
                final_de_fila_item=d["final_de_fila_item"],
                # (Sem escolha, o padrão documentado de cada questão em aberto.)
                prioridade_colisao=d["prioridade_colisao"] or PrioridadeColisao.NEGROS_PCD,
                base_do_limiar=d["base_do_limiar"] or BaseDoLimiar.TODAS_OFERTADAS,
                dupla_condicao=d["dupla_condicao"] or DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
                token=d["pedido"],
            )
        except ValidationError as erro:
            for m in mensagens_de(erro):
                form.add_error(None, m)
        else:
            messages.success(request, "Certame criado. Cadastre os cargos e as vagas do edital.")
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request, "form.html",
        {"form": form, "titulo": "Novo certame", "botao": "Criar certame",
         "introducao": "A lei aplicável é escolhida pelo município, pela data do edital e "
                       "pelo tipo de seleção."},
    )


@requer_papel(*TODOS)
def detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    regras = selectors.regras_do_certame(certame=certame)
    return render(
        request,
        "certames/detalhe.html",
        {
            "certame": certame,
            "regras": regras,
            "artigos": selectors.artigos_da_lei(regras=regras),
            "desempate": selectors.criterios_de_desempate(certame),
            "reservas": selectors.reserva_por_cargo(certame=certame),
            "cargo_form": CargoForm(),
            "homologar_form": DataForm(initial={"data": selectors.data_sugerida(certame)}),
            "n_candidatos": certame.candidatos.count(),
        },
    )


@requer_papel(ADMIN)
def cargo_novo(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    form = CargoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        if tentar(
            request,
            lambda: services.cargo_adicionar(
                usuario=request.user, certame=certame, codigo=d["codigo"], nome=d["nome"],
                vagas_edital=d["vagas_edital"],
            ),
            f"Cargo {d['codigo']} cadastrado.",
        ):
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request, "form.html",
        {"form": form, "titulo": f"Novo cargo — {certame.nome}", "botao": "Cadastrar cargo",
         "certame": certame},
    )


@requer_papel(ADMIN)
def homologar(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    form = DataForm(request.POST or None, initial={"data": selectors.data_sugerida(certame)})
    if request.method == "POST" and form.is_valid():
        tentar(
            request,
            lambda: services.certame_homologar(
                usuario=request.user, certame=certame, data=form.cleaned_data["data"]
            ),
            "Classificação final homologada: as listas estão congeladas.",
        )
        return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request, "form.html",
        {"form": form, "titulo": f"Homologar — {certame.nome}", "botao": "Homologar",
         "certame": certame},
    )


@requer_papel(ADMIN, AUDITOR)
def historico(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return render(
        request,
        "certames/historico.html",
        {"certame": certame, "registros": historico_do_certame(certame_id=certame.pk)},
    )
