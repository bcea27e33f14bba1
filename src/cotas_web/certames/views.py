from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from cotas_web.auditoria.selectors import cabeca_publica, historico_do_certame, quem_fez
from cotas_web.comum import erro_no_formulario, mensagens_de, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, TODOS, publica, requer_papel, usuario_de
from cotas_web.protecao import disposicao

from . import selectors, services
from .confirmacao import confirmado, pedir_confirmacao
from .forms import (
    ArquivarForm,
    CargoForm,
    CertameForm,
    DadosCertameForm,
    DataForm,
    EditalForm,
)
from .models import BaseDoLimiar, Certame, DuplaCondicao, PrioridadeColisao


@publica
def inicio(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "certames/inicio.html",
        {"certames": selectors.certames_visiveis(usuario=request.user)},
    )


@publica
def publico(request: HttpRequest, pk: int) -> HttpResponse:
    certame = selectors.certame_publico(pk=pk, usuario=request.user)
    regras = selectors.regras_do_certame(certame=certame)
    return render(
        request,
        "certames/publico.html",
        {
            "certame": certame,
            "regras": regras,
            "reservas": selectors.reserva_por_cargo(certame=certame),
            "grupos": selectors.grupos_na_tela(regras=regras),
            "retificacoes": certame.retificacoes.all(),
            "cabeca": cabeca_publica(certame_id=certame.pk),
        },
    )


@requer_papel(ADMIN)
def novo(request: HttpRequest) -> HttpResponse:
    form = CertameForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            certame = services.certame_criar(
                usuario=usuario_de(request),
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
                prioridade_colisao=d["prioridade_colisao"] or PrioridadeColisao.LEI_PCD,
                base_do_limiar=d["base_do_limiar"] or BaseDoLimiar.TODAS_OFERTADAS,
                dupla_condicao=d["dupla_condicao"] or DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
                informados=form.informados(),
                orgao=d["orgao"],
                prazo_recurso_dias=d["prazo_recurso_dias"],
                token=d["pedido"],
                edital=form.edital_lido,
            )
        except ValidationError as erro:
            erro_no_formulario(form, erro)
        else:
            messages.success(request, "Certame criado. Cadastre os cargos e as vagas do edital.")
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": "Novo certame",
            "botao": "Criar certame",
            "introducao": "A lei aplicável é escolhida pelo município (ou pelo ente federal), "
            "pela data do edital e pelo tipo de seleção, ou vem do arquivo do edital. Os "
            "valores que a lei deixa ao edital vêm dele, por assunto; a tela pede só os que "
            "nem a lei nem o edital fixam, cada um com a justificativa.",
            "aviso": form.aviso_do_edital,
        },
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
            "grupos": selectors.grupos_na_tela(regras=regras),
            "cargo_form": CargoForm(),
            "homologar_form": DataForm(),
            "publicar_form": DataForm(),
            "n_candidatos": certame.candidatos.count(),
            "retificacoes": certame.retificacoes.all(),
            "edital": selectors.edital_na_tela(certame=certame),
            "sorteios": selectors.sorteios_na_tela(certame=certame, regras=regras),
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
                usuario=usuario_de(request),
                certame=certame,
                codigo=d["codigo"],
                nome=d["nome"],
                vagas_edital=d["vagas_edital"],
            ),
            f"Cargo {d['codigo']} cadastrado.",
        ):
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Novo cargo — {certame.nome}",
            "botao": "Cadastrar cargo",
            "certame": certame,
        },
    )


def _conferir_no_formulario(form: Any, conferir: Callable[[], object]) -> None:
    """O que o ato recusaria (`conferir`), recusado antes da página de confirmação: os erros no
    formulário, que volta com o que foi digitado."""
    try:
        conferir()
    except ValidationError as erro:
        for m in mensagens_de(erro):
            form.add_error(None, m)


@requer_papel(ADMIN)
def homologar(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    form = DataForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and not confirmado(request):
        _conferir_no_formulario(
            form,
            lambda: services.homologacao_conferir(certame=certame, data=form.cleaned_data["data"]),
        )
    if request.method == "POST" and form.is_valid():
        if not confirmado(request):
            n = certame.candidatos.count()
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="homologar a classificação final",
                o_que=[
                    f"Homologar a classificação final em {form.cleaned_data['data']:%d/%m/%Y}, "
                    f"com {n} candidato(s) importado(s).",
                    "As listas ficam congeladas: depois, os dados dos candidatos mudam só por "
                    "correção registrada, e os do certame só por retificação.",
                ],
                fundamento=selectors.fundamento_da_homologacao(certame),
                botao="Homologar",
                voltar=reverse("certames:detalhe", args=[certame.pk]),
            )
        tentar(
            request,
            lambda: services.certame_homologar(
                usuario=usuario_de(request), certame=certame, data=form.cleaned_data["data"]
            ),
            "Classificação final homologada: as listas estão congeladas.",
        )
        return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Homologar — {certame.nome}",
            "botao": "Homologar",
            "certame": certame,
        },
    )


@requer_papel(ADMIN, AUDITOR)
def historico(request: HttpRequest, pk: int) -> HttpResponse:
    """O histórico com quem fez cada ato pelo nome e pelo papel, a data de cada ato, as
    exportações (CSV, JSON Lines, a cabeça da cadeia) e os documentos do certame."""
    from cotas_web.auditoria.exportacao import data_do_ato

    certame = get_object_or_404(Certame, pk=pk)
    registros = [
        (r, _so_o_nome(r), _papel_no_registro(r), data_do_ato(r))
        for r in historico_do_certame(certame_id=certame.pk)
    ]
    conferencia = _conferir_cabeca(request, certame) if request.method == "POST" else None
    return render(
        request,
        "certames/historico.html",
        {"certame": certame, "registros": registros, "conferencia": conferencia},
    )


# O tamanho de uma cabeça guardada que a página confere (uma exportada tem poucas centenas de
# bytes por linha).
CABECA_MAXIMA = 1_000_000


def _conferir_cabeca(request: HttpRequest, certame: Certame) -> dict[str, Any]:
    """A cabeça da cadeia que alguém guardou fora do servidor, conferida com a cadeia de hoje
    (`integridade.conferir_cabecas_do_certame`, a de `manage.py verificar_auditoria --cabecas`):
    quem audita de fora confere sem acesso ao servidor. Só as linhas deste certame; um arquivo
    que não se lê, ou sem nenhuma cabeça deste certame, não "confere" (`erro`)."""
    from cotas_web.auditoria.integridade import conferir_cabecas_do_certame

    arquivo = request.FILES.get("cabeca")
    if arquivo is None:
        return {"erro": "Escolha o arquivo da cabeça guardada (…-auditoria-cabeca.jsonl)."}
    nome = arquivo.name or "arquivo"
    if (arquivo.size or 0) > CABECA_MAXIMA:
        return {
            "erro": f"{nome}: {arquivo.size} bytes; uma cabeça exportada tem poucas centenas de "
            "bytes por certame. Escolha o arquivo baixado em “A cabeça da cadeia”."
        }
    try:
        linhas = arquivo.read().decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        return {"erro": f"{nome}: não é texto UTF-8; uma cabeça exportada é JSON Lines."}
    conferencia = conferir_cabecas_do_certame(linhas, nome, certame.pk)
    if not conferencia.conferidas:
        problemas = " ".join(conferencia.problemas)
        return {
            "erro": f"{nome}: nenhuma cabeça deste certame no arquivo; nada foi conferido. "
            + problemas
        }
    return {
        "nome": nome,
        "problemas": conferencia.problemas,
        "conferidas": conferencia.conferidas,
        "avisos": conferencia.avisos,
    }


def _so_o_nome(registro: Any) -> str:
    """O nome de quem fez, sem o login que o registro guarda ao lado ("Rita Souza (rita)")."""
    quem = quem_fez(registro)
    if registro.usuario is not None:
        login = f" ({registro.usuario.get_username()})"
        if quem.endswith(login) and quem != login.strip():
            return quem[: -len(login)]
    return quem


def _papel_no_registro(registro: Any) -> str:
    """O papel de quem fez o ato, como a tela o mostra (hoje; o registro guarda o nome)."""
    from cotas_web.contas.permissoes import nome_do_papel

    return "sistema" if registro.usuario is None else nome_do_papel(registro.usuario)


@requer_papel(ADMIN, AUDITOR)
def historico_exportar(request: HttpRequest, pk: int, formato: str) -> HttpResponse:
    """O registro de auditoria do certame em CSV ou JSON Lines, ou a cabeça da cadeia
    (`cabeca.jsonl`, que `manage.py verificar_auditoria --cabecas` confere)."""
    from cotas_web.auditoria import exportacao
    from cotas_web.certames.selectors import slug_do_certame

    certame = get_object_or_404(Certame, pk=pk)
    nome = f"{slug_do_certame(certame)}-auditoria"
    if formato == "csv":
        conteudo, tipo = exportacao.para_csv(certame.pk, _papel_no_registro), "text/csv"
    elif formato == "jsonl":
        conteudo, tipo = exportacao.para_jsonl(certame.pk, _papel_no_registro), "application/jsonl"
    elif formato == "cabeca":
        conteudo, tipo = exportacao.cabeca_jsonl(certame.pk), "application/jsonl"
        nome, formato = f"{nome}-cabeca", "jsonl"
    else:
        raise Http404("Formato desconhecido.")
    resposta = HttpResponse(conteudo, content_type=f"{tipo}; charset=utf-8")
    resposta["Content-Disposition"] = disposicao(f"{nome}.{formato}", anexo=True)
    return resposta


def _voltar(certame: Certame) -> str:
    return reverse("certames:detalhe", args=[certame.pk])


@requer_papel(ADMIN)
def publicar(request: HttpRequest, pk: int) -> HttpResponse:
    """O rascunho passa a ser público (pergunta antes)."""
    certame = get_object_or_404(Certame, pk=pk)
    form = DataForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and not confirmado(request):
        _conferir_no_formulario(
            form,
            lambda: services.publicacao_conferir(certame=certame, data=form.cleaned_data["data"]),
        )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["data"]
        if not confirmado(request):
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="publicar o certame",
                o_que=[
                    f"Publicar “{certame.nome}” em {data:%d/%m/%Y}: ele passa a aparecer na "
                    "página inicial e nas páginas públicas, para qualquer pessoa.",
                    "A publicação não se desfaz; o certame pode depois ser arquivado.",
                ],
                fundamento=str(
                    selectors.regras_do_certame(certame=certame).lei.referencia_vigencia.citacao()
                ),
                botao="Publicar",
                voltar=_voltar(certame),
            )
        tentar(
            request,
            lambda: services.certame_publicar(
                usuario=usuario_de(request), certame=certame, data=data
            ),
            "Certame publicado.",
        )
        return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Publicar — {certame.nome}",
            "botao": "Publicar",
            "certame": certame,
        },
    )


@requer_papel(ADMIN)
def arquivar(request: HttpRequest, pk: int) -> HttpResponse:
    """Sai da página inicial; segue no seu endereço, só para leitura (pergunta antes)."""
    certame = get_object_or_404(Certame, pk=pk)
    form = ArquivarForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and not confirmado(request):
        _conferir_no_formulario(
            form,
            lambda: services.arquivamento_conferir(
                certame=certame, data=form.cleaned_data["data"], motivo=form.cleaned_data["motivo"]
            ),
        )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        if not confirmado(request):
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="arquivar o certame",
                o_que=[
                    f"Arquivar “{certame.nome}” em {d['data']:%d/%m/%Y}: {d['motivo']}",
                    "Ele sai da página inicial e fica só para leitura: nenhum ato o muda mais. "
                    "O endereço dele continua a mostrar o que foi registrado.",
                ],
                botao="Arquivar",
                voltar=_voltar(certame),
                estilo_botao="irreversivel",
            )
        tentar(
            request,
            lambda: services.certame_arquivar(
                usuario=usuario_de(request), certame=certame, data=d["data"], motivo=d["motivo"]
            ),
            "Certame arquivado.",
        )
        return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Arquivar — {certame.nome}",
            "botao": "Arquivar",
            "estilo_botao": "irreversivel",
            "certame": certame,
        },
    )


@requer_papel(ADMIN)
def corrigir(request: HttpRequest, pk: int) -> HttpResponse:
    """Antes da homologação: corrigir os dados do certame e dos cargos (com o motivo, no
    registro). Depois dela, a retificação."""
    certame = get_object_or_404(Certame, pk=pk)
    if certame.homologado:
        messages.info(
            request,
            services.MENSAGEM_DEPOIS_DA_HOMOLOGACAO.format(data=certame.homologado_em),
        )
        return redirect("certames:retificar", pk=certame.pk)
    form = DadosCertameForm(request.POST or None, certame=certame, retificacao=False)
    if request.method == "POST" and form.is_valid():
        try:
            services.certame_corrigir(
                usuario=usuario_de(request),
                certame=certame,
                dados=form.dados(),
                cargos=form.dados_dos_cargos(),
                motivo=form.cleaned_data["motivo"],
                cargos_apagar=form.cargos_a_apagar(),
            )
        except ValidationError as erro:  # (no formulário, com o que foi digitado)
            erro_no_formulario(form, erro)
        else:
            messages.success(request, "Dados corrigidos; a correção está no histórico.")
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Corrigir dados — {certame.nome}",
            "botao": "Corrigir",
            "certame": certame,
            "introducao": "Antes da homologação os dados se corrigem aqui: nome, datas, cargos e "
            "vagas, critérios de desempate, PcD, final de fila, o prazo do recurso, "
            "as questões e os valores que a lei deixa em aberto (com a "
            "justificativa); um cargo sem candidatos nem vagas oferecidas se apaga. "
            "Cada mudança fica no histórico com o antes, o depois e o motivo. A "
            "data do edital decide a lei. Depois da homologação, só por retificação.",
        },
    )


@requer_papel(ADMIN)
def retificar(request: HttpRequest, pk: int) -> HttpResponse:
    """Depois da homologação: retificação, com o fundamento do ato (pergunta antes)."""
    certame = get_object_or_404(Certame, pk=pk)
    if not certame.homologado:
        return redirect("certames:corrigir", pk=certame.pk)
    form = DadosCertameForm(
        request.POST or None,
        certame=certame,
        retificacao=True,
        initial={"nome": certame.nome, "validade_ate": certame.validade_ate},
    )
    mudancas: list[services.Alteracao] = []
    if request.method == "POST" and form.is_valid() and not confirmado(request):
        try:  # (o que o ato recusaria, no formulário, antes da página de confirmação)
            mudancas = services.retificacao_conferir(
                certame=certame,
                data=form.cleaned_data["data"],
                fundamento=form.cleaned_data["fundamento"],
                dados=form.dados(),
                cargos=form.dados_dos_cargos(),
            )
        except ValidationError as erro:
            erro_no_formulario(form, erro)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        if mudancas and not confirmado(request):
            return pedir_confirmacao(
                request,
                certame=certame,
                titulo="registrar a retificação",
                o_que=[f"Retificação de {d['data']:%d/%m/%Y}:"]
                + [str(m) for m in mudancas]
                + ["A retificação aparece na página pública do certame."],
                fundamento=d["fundamento"],
                botao="Registrar a retificação",
                voltar=_voltar(certame),
            )
        if tentar(
            request,
            lambda: services.retificacao_registrar(
                usuario=usuario_de(request),
                certame=certame,
                data=d["data"],
                fundamento=d["fundamento"],
                dados=form.dados(),
                cargos=form.dados_dos_cargos(),
            ),
            "Retificação registrada; ela aparece na página pública.",
        ):
            return redirect("certames:detalhe", pk=certame.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Retificação — {certame.nome}",
            "botao": "Conferir a retificação",
            "certame": certame,
            "introducao": "Depois da homologação os dados do certame mudam só por um ato de "
            "retificação, com o seu fundamento. A data do edital não se retifica, "
            "nem os critérios de desempate, a PcD, os valores em aberto da lei e os "
            "cargos: a classificação homologada foi feita com eles.",
        },
    )


@requer_papel(ADMIN)
def edital(request: HttpRequest, pk: int) -> HttpResponse:
    """O edital como dado do certame: o que ele tem e, até a homologação, adotar ou trocar o
    edital (o primeiro envio lê e mostra os valores do edital novo; o seguinte o adota)."""
    certame = get_object_or_404(Certame, pk=pk)
    form = EditalForm(request.POST or None, request.FILES or None, certame=certame)
    if request.method == "POST" and not certame.homologado and form.is_valid():
        try:
            services.certame_edital_adotar(
                usuario=usuario_de(request),
                certame=certame,
                edital=form.edital_lido,
                motivo=form.cleaned_data["motivo"],
            )
        except ValidationError as erro:
            erro_no_formulario(form, erro)
        else:
            messages.success(
                request,
                f"{form.edital_lido.edital.norma} adotado; a troca está no histórico.",
            )
            return redirect("certames:detalhe", pk=certame.pk)
    novo = form.edital_lido.edital if form.edital_novo else None
    return render(
        request,
        "certames/edital.html",
        {
            "certame": certame,
            "form": form,
            "edital": selectors.edital_na_tela(certame=certame),
            "novo": novo,
            "novos_assuntos": selectors.assuntos_do_edital(edital=novo) if novo else [],
        },
    )
