"""As leituras da API e dos feeds: o que as páginas públicas mostram, como dados.

Tudo sai dos selectors dos apps e das mesmas tabelas que os downloads públicos publicam
(`cotas.documentos.tabelas`): os números da API são os do HTML e do CSV, linha a linha. Nada
aqui lê o motor direto nem a ponte (contrato `api-pelos-selectors` do import-linter).

Só o público sem login: a visibilidade é sempre a de um visitante anônimo (um rascunho não
existe; as listas e a ordem de nomeação só depois da homologação), qualquer que seja quem pede.
Sem cor/raça, deficiência, parecer da comissão nem CPF inteiro
(docs/INTERPRETACAO.md#dados-pessoais): as linhas são as das tabelas publicadas, que já nascem
sem esses dados.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.publicacao import FORMATOS, POR_CARGO
from cotas.documentos.tabelas import (
    ROTULOS_DAS_OCORRENCIAS,
    Tabela,
    linhas_classificacao,
    listas_do_cargo,
    rotulo_lista,
    tabela_anexo,
    tabela_nomeacoes,
    tabela_ocorrencias,
)
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.auditoria.selectors import versao_geral as _versao_geral
from cotas_web.candidatos.models import Candidato
from cotas_web.candidatos.selectors import correcoes_publicas
from cotas_web.certames import selectors as certames
from cotas_web.certames.models import Certame
from cotas_web.nomeacoes.models import Desistencia, Nomeacao, OfertaVagas
from cotas_web.nomeacoes.selectors import portarias_em_vigor
from cotas_web.publico import selectors as publico
from cotas_web.publico.views import TITULOS
from cotas_web.rotulos import numero_da_portaria

# As tabelas (CSV) de cada documento público, pelo nome do arquivo.
TABELAS_DOS_DOCUMENTOS = {
    "anexo-edital": ("anexo-edital",),
    "listas": ("classificacao",),
    "ordem-de-nomeacao": ("nomeacoes", "ocorrencias"),
    "ata-do-sorteio": ("sorteio-extracoes",),
}

# Rótulo de cada tipo de ato publicado (a API e os feeds).
TIPOS_DE_ATO = {
    "homologacao": "Homologação",
    "vagas_edital": "Oferta das vagas do edital",
    "novas_vagas": "Novas vagas",
    "nomeacao": "Nomeação",
    **ROTULOS_DAS_OCORRENCIAS,
    "retificacao": "Retificação",
    "correcao": "Correção",
    "sem_efeito": "Ato que torna outro sem efeito",
}
# O rótulo da tabela pública de ocorrências → o tipo do ato (o prazo de posse esgotado saía
# no feed como "Vaga sem candidato": o rótulo novo caía no padrão de um `.get`).
_TIPO_DA_OCORRENCIA = {rotulo: tipo for tipo, rotulo in ROTULOS_DAS_OCORRENCIAS.items()}


class Indisponivel(Exception):
    """Os fatos do certame contrariam a lei (a página pública mostra o mesmo erro, 409)."""


_ANONIMO = AnonymousUser()


def certames_publicos() -> QuerySet[Certame]:
    """Os certames que um visitante vê na página inicial: publicados e não arquivados."""
    return certames.certames_visiveis(usuario=_ANONIMO).order_by("-data_edital", "-pk")


def certame_publico(pk: int) -> Certame:
    """O certame no seu endereço público (um arquivado continua lá); rascunho: 404."""
    return certames.certame_publico(pk=pk, usuario=_ANONIMO)


def versao(certame: Certame) -> int:
    """A versão do certame: o último registro de auditoria dele (a mesma da consulta pública)."""
    return versao_do_certame(certame.pk)


def versao_geral() -> int:
    """A versão da lista de certames: o último registro de auditoria de todos."""
    return _versao_geral()


def publicaveis(certame: Certame) -> list[tuple[str, str]]:
    """Os documentos públicos do certame agora (as listas e a ordem, depois da homologação)."""
    return [(nome, TITULOS[nome]) for nome in publico.publicaveis(certame=certame)]


def exigir_homologado(certame: Certame) -> None:
    if not certame.homologado:
        raise Http404(
            "A classificação final ainda não foi homologada: as listas e a ordem de nomeação "
            "são publicadas depois da homologação."
        )


def exigir_cargo(certame: Certame, codigo: str) -> None:
    if not certame.cargos.filter(codigo=codigo).exists():
        raise Http404(f"Cargo {codigo} não existe neste certame.")


def _fonte(certame: Certame) -> FonteDocumentos:
    try:
        return publico.fonte_publicada(certame=certame)
    except publico.ErroCotas as erro:
        raise Indisponivel(str(erro)) from None


_TABELAS = threading.local()


def _guardado(certame: Certame, chave: str, montar: Callable[[FonteDocumentos], Any]) -> Any:
    """O que `montar` faz da fonte publicada, feito uma vez por versão do certame (na mesma
    linha de execução, como a fonte de `publico.selectors.fonte_publicada`: todo ato gravado
    muda a versão, e a fonte é outra)."""
    fonte = _fonte(certame)
    guardadas = getattr(_TABELAS, "guardadas", None)
    if guardadas is None or guardadas[0] is not fonte:
        guardadas = (fonte, {})
        _TABELAS.guardadas = guardadas
    feitos: dict[str, Any] = guardadas[1]
    if chave not in feitos:
        feitos[chave] = montar(fonte)
    return feitos[chave]


def _tabela(certame: Certame, nome: str) -> tuple[FonteDocumentos, Tabela]:
    """Uma tabela pública inteira do certame, montada uma vez por versão."""
    montar = {
        "anexo-edital": tabela_anexo,
        "nomeacoes": tabela_nomeacoes,
        "ocorrencias": tabela_ocorrencias,
    }[nome]
    tabela = _guardado(certame, nome, montar)
    return _fonte(certame), tabela


def data_iso(texto: object) -> date | None:
    """ "02/08/2025" (como as tabelas publicadas escrevem) → a data."""
    if not texto:
        return None
    return datetime.strptime(str(texto), "%d/%m/%Y").date()


# --- certame, cargos e reserva ------------------------------------------------------------


def enderecos_do_certame(certame: Certame) -> dict[str, str]:
    pk = certame.pk
    return {
        "pagina": reverse("certames:publico", args=[pk]),
        "consulta": reverse("publico:consulta", args=[pk]),
        "feed": reverse("dados_abertos:feed_certame", args=[pk]),
        "api": reverse("api:certame", args=[pk]),
    }


def resumo(certame: Certame) -> dict[str, Any]:
    return {
        "id": certame.pk,
        "nome": certame.nome,
        "municipio": certame.municipio,
        "tipo": certame.tipo,
        "tipo_rotulo": certame.get_tipo_display(),
        "data_edital": certame.data_edital,
        "validade_ate": certame.validade_ate,
        "publicado_em": certame.publicado_em,
        "homologado_em": certame.homologado_em,
        "arquivado_em": certame.arquivado_em,
        "enderecos": enderecos_do_certame(certame),
    }


def detalhe(certame: Certame) -> dict[str, Any]:
    regras = certames.regras_do_certame(certame=certame)
    return {
        **resumo(certame),
        "orgao": certame.orgao,
        "orgao_rotulo": certame.get_orgao_display() if certame.orgao else "",
        "versao": versao(certame),
        "lei": {
            "titulo": regras.lei.titulo,
            "municipio": regras.lei.municipio,
            "vigencia_inicio": regras.lei.vigencia_inicio,
            "citacao": str(regras.citacao_da_lei_aplicavel()),
        },
        "grupos": [{"codigo": g.nome, "rotulo": g.rotulo} for g in regras.grupos],
        "cargos": [
            {
                "codigo": c.codigo,
                "nome": c.nome,
                "endereco": reverse("api:cargo", args=[certame.pk, c.codigo]),
            }
            for c in certame.cargos.order_by("codigo")
        ],
        "retificacoes": [
            {"data": r.data, "fundamento": r.fundamento, "alteracoes": r.alteracoes}
            for r in certame.retificacoes.all()
        ],
    }


def cargos(certame: Certame, codigo: str | None = None) -> list[dict[str, Any]]:
    """Cada cargo com a reserva sobre as vagas oferecidas até agora (a da página pública do
    certame, com a memória de cálculo) e o quadro do edital (a linha do anexo publicado)."""
    regras = certames.regras_do_certame(certame=certame)
    grupos = [g.nome for g in regras.grupos]
    _, anexo = _tabela(certame, "anexo-edital")
    quadro = {str(linha[0]): linha for linha in anexo.linhas}
    saida = []
    for r in certames.reserva_por_cargo(certame=certame):
        cargo = r.cargo
        if codigo is not None and cargo.codigo != codigo:
            continue
        linha = quadro.get(cargo.codigo)
        edital = None
        if linha is not None:
            n = len(grupos)
            edital = {
                "vagas": linha[2],
                "reservadas": dict(zip(grupos, linha[3 : 3 + n], strict=True)),
                "ampla": linha[3 + n],
                "por_extenso": linha[4 + n],
                "fundamento": linha[5 + n],
            }
        saida.append(
            {
                "codigo": cargo.codigo,
                "nome": cargo.nome,
                "vagas_edital": cargo.vagas_edital,
                "reserva": {
                    "vagas": r.vagas,
                    "reservadas": {g: r.reservadas.get(g, 0) for g in grupos},
                    "ampla": r.ampla,
                    "memoria": r.memoria,
                    "lotes": [{"rotulo": lt.rotulo, "quantidade": lt.quantidade} for lt in r.lotes],
                    "erro": r.erro,
                },
                "edital": edital,
                "enderecos": {
                    "classificacao": reverse("api:classificacao", args=[certame.pk, cargo.codigo]),
                    "feed": reverse("dados_abertos:feed_cargo", args=[certame.pk, cargo.codigo]),
                },
            }
        )
    return saida


# --- listas, ordem de nomeação, ocorrências -------------------------------------------------


def listas(certame: Certame, codigo: str) -> list[dict[str, Any]]:
    fonte = _fonte(certame)
    return [
        {"codigo": nome, "rotulo": rotulo_lista(nome), "total": total}
        for nome, total in listas_do_cargo(fonte, codigo)
    ]


def classificacao(
    certame: Certame, codigo: str, *, lista: str | None, inicio: int, limite: int
) -> tuple[int, list[dict[str, Any]]]:
    """Um trecho das listas de classificação do cargo: as linhas do CSV publicado, na mesma
    ordem (a geral, depois cada reservada), só as do trecho."""
    fonte = _fonte(certame)
    tamanhos = dict(listas_do_cargo(fonte, codigo))
    if lista is not None and lista not in tamanhos:
        raise Http404(
            f"Lista {lista} não existe no cargo {codigo}; as listas dele são: "
            + ", ".join(tamanhos)
            + "."
        )
    total = tamanhos[lista] if lista is not None else sum(tamanhos.values())
    linhas = linhas_classificacao(fonte, codigo, inicio, inicio + limite, lista)
    chaves = (
        "cargo",
        "lista",
        "posicao",
        "inscricao",
        "nome",
        "cpf",
        "nota",
        "situacao",
        "observacoes",
    )
    return total, [dict(zip(chaves, linha, strict=True)) for linha in linhas]


def nomeacoes(
    certame: Certame, *, cargo: str | None, inicio: int, limite: int
) -> tuple[int, list[dict[str, Any]]]:
    """A ordem de nomeação publicada (só as nomeações com ato), como no CSV `nomeacoes`."""
    _, tabela = _tabela(certame, "nomeacoes")
    chaves = {
        "Cargo": "cargo",
        "Ordem": "ordem",
        "Vaga": "vaga",
        "Inscrição": "inscricao",
        "Nome": "nome",
        "Lista": "lista",
        "Vaga reservada a": "reservada_a",
        "Substitui": "substitui",
        "Substituída por": "substituida_por",
        "Vaga aberta em": "data",
        "Lote": "lote",
        "Ato": "ato",
        "Razão": "razao",
        "Fundamento legal": "fundamento",
    }
    total, itens = _trecho(tabela, chaves, cargo, inicio, limite, vaga_em_texto=False)
    portarias = portarias_em_vigor(certame=certame, inscricoes={i["inscricao"] for i in itens})
    for item in itens:
        item["portaria"], item["data_do_ato"] = portarias.get(
            (item["cargo"], item["inscricao"]), ("", None)
        )
    return total, itens


def ocorrencias(
    certame: Certame, *, cargo: str | None, inicio: int, limite: int
) -> tuple[int, list[dict[str, Any]]]:
    """Desistências, anulações e outras ocorrências, como no CSV `ocorrencias`."""
    _, tabela = _tabela(certame, "ocorrencias")
    chaves = {
        "Cargo": "cargo",
        "Data": "data",
        "Ocorrência": "ocorrencia",
        "Inscrição": "inscricao",
        "Vaga": "vaga",
        "Descrição": "descricao",
        "Fundamento legal": "fundamento",
    }
    return _trecho(tabela, chaves, cargo, inicio, limite, vaga_em_texto=True)


def _trecho(
    tabela: Tabela,
    chaves: dict[str, str],
    cargo: str | None,
    inicio: int,
    limite: int,
    *,
    vaga_em_texto: bool,
) -> tuple[int, list[dict[str, Any]]]:
    """As linhas pedidas da tabela, como a API as dá. `vaga_em_texto`: a vaga como texto (as
    ocorrências têm faixas de vagas sem candidato); na nomeação, o número da vaga, um inteiro
    como no pacote de dados abertos (antes, "3" na API e 3 no pacote)."""
    linhas = tabela.linhas if cargo is None else [lh for lh in tabela.linhas if lh[0] == cargo]
    nomes = [chaves[c] for c in tabela.colunas]
    saida = []
    for linha in linhas[inicio : inicio + limite]:
        item = dict(zip(nomes, linha, strict=True))
        item["data"] = data_iso(item["data"])
        if vaga_em_texto:  # (uma faixa de vagas sem candidato: "63 a 100.000")
            item["vaga"] = str(item["vaga"])
        saida.append(item)
    return len(linhas), saida


# --- documentos ---------------------------------------------------------------------------


def documentos(certame: Certame) -> list[dict[str, Any]]:
    """Os documentos públicos do certame e os endereços dos downloads que já existem."""
    pk = certame.pk
    saida = []
    codigos = list(certame.cargos.order_by("codigo").values_list("codigo", flat=True))
    for nome, titulo in publicaveis(certame):
        formatos = {f: reverse("publico:baixar", args=[pk, nome, f]) for f in FORMATOS}
        tabelas = {
            t: reverse("publico:baixar_tabela", args=[pk, nome, t])
            for t in TABELAS_DOS_DOCUMENTOS[nome]
        }
        por_cargo = [
            {
                "cargo": codigo,
                "pagina": reverse("publico:documento", args=[pk, nome]) + consulta,
                "formatos": {f: u + consulta for f, u in formatos.items()},
                "tabelas": {t: u + consulta for t, u in tabelas.items()},
            }
            for codigo in (codigos if nome in POR_CARGO else [])
            for consulta in ["?" + urlencode({"cargo": codigo})]
        ]
        saida.append(
            {
                "nome": nome,
                "titulo": titulo,
                "pagina": reverse("publico:documento", args=[pk, nome]),
                "formatos": formatos,
                "tabelas": tabelas,
                "por_cargo": por_cargo,
            }
        )
    return saida


# --- atos publicados (a API e os feeds) ----------------------------------------------------


@dataclass(frozen=True)
class Ato:
    """Um ato publicado do certame, como o feed e a API o mostram."""

    chave: str  # única no certame: "nomeacao-12", "oferta-3", "ocorrencia-PROF-desistencia-..."
    tipo: str
    data: date
    cargo: str  # "" num ato do certame inteiro (homologação, retificação)
    titulo: str
    descricao: str
    fundamento: str
    link: str
    sequencia: int = 0  # a ordem entre os atos do mesmo tipo no mesmo dia

    @property
    def tipo_rotulo(self) -> str:
        return TIPOS_DE_ATO[self.tipo]


def atos_publicados(certame: Certame, cargo: str | None = None) -> list[Ato]:
    """Os atos publicados do certame (ou os do cargo e os do certame inteiro), do mais novo ao
    mais antigo: a homologação, as ofertas de vagas, as nomeações por portaria, as ocorrências
    da ordem de nomeação publicada (desistências, anulações, eliminações, idas ao final da
    fila, vagas sem candidato), as correções depois da homologação (como as páginas públicas
    as mostram: um valor pessoal só como "corrigido") e as retificações. Cada um uma vez, com
    o fundamento legal e o endereço da página pública em que aparece.

    As propostas do motor não são atos: não entram. O texto de cada ato é montado dos fatos
    públicos (nunca a descrição livre do registro de auditoria, que pode trazer observações).
    Montados uma vez por versão do certame (todo ato gravado a muda)."""
    return list(_guardado(certame, f"atos:{cargo or ''}", lambda _: _montar_atos(certame, cargo)))


def _montar_atos(certame: Certame, cargo: str | None) -> list[Ato]:
    pk = certame.pk
    pagina = reverse("certames:publico", args=[pk])
    atos: list[Ato] = []
    if certame.homologado and certame.homologado_em is not None:
        atos.append(
            Ato(
                "homologacao",
                "homologacao",
                certame.homologado_em,
                "",
                f"Classificação final homologada em {certame.homologado_em:%d/%m/%Y}",
                "As listas de classificação passam a ser publicadas e as vagas podem ser "
                "ofertadas e preenchidas.",
                certames.fundamento_da_homologacao(certame),
                reverse("publico:documento", args=[pk, "listas"]),
            )
        )
    for r in certame.retificacoes.all():
        alteracoes = "; ".join(
            f"{a.get('o_que', '')}: {a.get('antes') or '(vazio)'} → {a.get('depois') or '(vazio)'}"
            for a in r.alteracoes
        )
        atos.append(
            Ato(
                f"retificacao-{r.pk}",
                "retificacao",
                r.data,
                "",
                f"Retificação de {r.data:%d/%m/%Y}",
                alteracoes,
                r.fundamento,
                pagina,
                r.pk,
            )
        )
    if certame.homologado:
        atos += _atos_dos_cargos(certame, cargo)
    atos.sort(key=lambda a: (a.data, _ORDEM_NO_DIA.get(a.tipo, 9), a.sequencia), reverse=True)
    return atos


_ORDEM_NO_DIA = {
    "homologacao": 0,
    "retificacao": 1,
    "vagas_edital": 2,
    "novas_vagas": 3,
    "nomeacao": 4,
    "correcao": 5,
    "sem_efeito": 6,
}  # (as ocorrências depois: 9)


def _atos_dos_cargos(certame: Certame, cargo: str | None) -> list[Ato]:
    """Os atos de vagas e nomeações do certame (ou só de `cargo`), com as ocorrências e as
    correções publicadas."""
    pk = certame.pk
    ordem = reverse("publico:documento", args=[pk, "ordem-de-nomeacao"])
    return [
        *_atos_das_ofertas(certame, cargo),
        *_atos_das_nomeacoes(certame, cargo, ordem),
        *_desistencias_sem_efeito(certame, cargo),
        *_atos_das_ocorrencias(certame, cargo, ordem),
        *_correcoes(certame, cargo),
    ]


def _atos_das_ofertas(certame: Certame, cargo: str | None) -> list[Ato]:
    """Cada oferta de vagas (a do edital e as novas), e a que foi tornada sem efeito."""
    _, anexo = _tabela(certame, "anexo-edital")
    fundamento_da_reserva = {str(linha[0]): str(linha[-1]) for linha in anexo.linhas}
    ofertas = OfertaVagas.objects.filter(cargo__certame=certame).select_related("cargo")
    if cargo is not None:
        ofertas = ofertas.filter(cargo__codigo=cargo)
    pagina = reverse("certames:publico", args=[certame.pk])
    atos: list[Ato] = []
    for o in ofertas:
        tipo = "vagas_edital" if o.do_edital else "novas_vagas"
        vagas = f"{o.quantidade} {'vaga' if o.quantidade == 1 else 'vagas'}"
        atos.append(
            Ato(
                f"oferta-{o.pk}",
                tipo,
                o.data,
                o.cargo.codigo,
                f"{TIPOS_DE_ATO[tipo]}: {vagas} de {o.cargo.codigo} ({o.cargo.nome})",
                (
                    f"{vagas} do edital ofertadas em {o.data:%d/%m/%Y}."
                    if o.do_edital
                    else f"{vagas} ofertadas em {o.data:%d/%m/%Y}: {o.justificativa}"
                ),
                fundamento_da_reserva.get(o.cargo.codigo, ""),
                pagina,
                o.pk,
            )
        )
        if o.sem_efeito_em is not None:
            atos.append(
                _sem_efeito(
                    o, f"oferta-{o.pk}", o.cargo.codigo,
                    f"a oferta de {vagas} de {o.cargo.codigo} em {o.data:%d/%m/%Y}",
                    "A reserva do cargo volta a ser calculada sem ela.",
                    fundamento_da_reserva.get(o.cargo.codigo, ""), pagina,
                )
            )  # fmt: skip
    return atos


def _atos_das_nomeacoes(certame: Certame, cargo: str | None, ordem: str) -> list[Ato]:
    """Cada nomeação (a portaria), e a que foi tornada sem efeito."""
    nomeacoes_do_certame = Nomeacao.objects.filter(cargo__certame=certame).select_related(
        "cargo", "candidato"
    )
    if cargo is not None:
        nomeacoes_do_certame = nomeacoes_do_certame.filter(cargo__codigo=cargo)
    atos: list[Ato] = []
    for n in nomeacoes_do_certame:
        portaria = f"Portaria nº {numero_da_portaria(n.portaria)}, de {n.data_portaria:%d/%m/%Y}"
        atos.append(
            Ato(
                f"nomeacao-{n.pk}",
                "nomeacao",
                n.data_portaria,
                n.cargo.codigo,
                f"{portaria}: nomeação de {n.candidato.nome} (inscrição "
                f"{n.candidato.inscricao}) para {n.cargo.codigo}, vaga {n.vaga}"
                + (
                    f" (tornada sem efeito em {n.sem_efeito_em:%d/%m/%Y})"
                    if n.sem_efeito_em is not None
                    else ""
                ),
                f"{n.ordem}ª nomeação do cargo {n.cargo.codigo}, vaga {n.vaga}, lista "
                f"{rotulo_lista(n.modalidade).lower()}"
                + (
                    f" (vaga reservada a {rotulo_lista(n.reservada_para).lower()})"
                    if n.reservada_para and n.reservada_para != n.modalidade
                    else ""
                )
                + f". {n.razao}",
                n.fundamento,
                ordem,
                n.pk,
            )
        )
        if n.sem_efeito_em is not None:
            atos.append(
                _sem_efeito(
                    n, f"nomeacao-{n.pk}", n.cargo.codigo,
                    f"a nomeação de {n.candidato.nome} (inscrição {n.candidato.inscricao}) pela "
                    f"portaria nº {numero_da_portaria(n.portaria)}, de "
                    f"{n.data_portaria:%d/%m/%Y}",
                    f"A vaga {n.vaga} volta a ser proposta na mesma ordem; a nomeação certa é "
                    "publicada por outra portaria.",
                    "", ordem,
                )
            )  # fmt: skip
    return atos


def _desistencias_sem_efeito(certame: Certame, cargo: str | None) -> list[Ato]:
    """As desistências (e os prazos de posse esgotados) tornadas sem efeito."""
    pk = certame.pk
    atos: list[Ato] = []
    desistencias = Desistencia.objects.filter(
        certame=certame, sem_efeito_em__isnull=False
    ).select_related("candidato__cargo")
    if cargo is not None:
        desistencias = desistencias.filter(candidato__cargo__codigo=cargo)
    consulta = reverse("publico:consulta", args=[pk])
    for d in desistencias:
        qual = "o prazo de posse esgotado" if d.motivo == "sem_posse" else "a desistência"
        c = d.candidato
        atos.append(
            _sem_efeito(
                d, f"desistencia-{d.pk}", c.cargo.codigo,
                f"{qual} de {c.nome} (inscrição {c.inscricao}), registrad{qual[0]} em "
                f"{d.data:%d/%m/%Y}",
                "A inscrição volta à situação de antes (às listas, ou à nomeação, que volta a "
                "valer).",
                "",
                consulta + "?" + urlencode({"inscricao": c.inscricao}),
            )
        )  # fmt: skip
    return atos


def _atos_das_ocorrencias(certame: Certame, cargo: str | None, ordem: str) -> list[Ato]:
    """As ocorrências da tabela publicada (desistências, anulações, vagas sem candidato...),
    cada uma com uma chave estável."""
    pk = certame.pk
    atos: list[Ato] = []
    _, tabela = _tabela(certame, "ocorrencias")
    vistas: dict[str, int] = {}
    for indice, linha in enumerate(tabela.linhas):
        cod, dia, rotulo, inscricao, vaga, descricao, fundamento = linha
        if cargo is not None and cod != cargo:
            continue
        tipo = _TIPO_DA_OCORRENCIA[str(rotulo)]
        base = f"ocorrencia-{cod}-{tipo}-{inscricao or vaga}-{dia}".replace("/", "")
        vistas[base] = vistas.get(base, 0) + 1
        chave = base if vistas[base] == 1 else f"{base}-{vistas[base]}"
        quem = f"inscrição {inscricao}" if inscricao else f"vaga {vaga}"
        link = (
            reverse("publico:consulta", args=[pk]) + "?" + urlencode({"inscricao": inscricao})
            if inscricao
            else ordem
        )
        data = data_iso(dia)
        assert data is not None
        atos.append(
            Ato(
                chave,
                tipo,
                data,
                str(cod),
                f"{rotulo} ({quem}) em {cod}",
                str(descricao),
                str(fundamento),
                link,
                indice,
            )
        )
    return atos


def _sem_efeito(
    objeto: Any, chave: str, cargo: str, o_que: str, efeito: str, fundamento: str, link: str
) -> Ato:
    """O ato que torna outro sem efeito (docs/INTERPRETACAO.md#sem-efeito): o número, a data e
    a autoridade, o ato desfeito e o efeito. O motivo (texto livre) não se publica."""
    data = objeto.sem_efeito_em
    return Ato(
        f"{chave}-sem-efeito",
        "sem_efeito",
        data,
        cargo,
        f"{objeto.sem_efeito_ato}, de {data:%d/%m/%Y}: torna sem efeito {o_que}",
        f"{objeto.sem_efeito_ato}, de {data:%d/%m/%Y} ({objeto.sem_efeito_autoridade}), torna "
        f"sem efeito {o_que}. O ato original continua registrado. {efeito}",
        fundamento,
        link,
        objeto.pk,
    )


def _correcoes(certame: Certame, cargo: str | None) -> list[Ato]:
    """As correções depois da homologação, como as páginas da ordem e das listas as mostram
    (`candidatos.selectors.correcoes_publicas`), cada uma ligada ao cargo da inscrição."""
    correcoes = correcoes_publicas(certame=certame)
    if not correcoes:
        return []
    cargo_de = dict(
        Candidato.objects.filter(
            certame=certame, inscricao__in={c["inscricao"] for c in correcoes}
        ).values_list("inscricao", "cargo__codigo")
    )
    pk = certame.pk
    atos = []
    vistas: dict[str, int] = {}
    for indice, c in enumerate(correcoes):
        codigo = cargo_de.get(c["inscricao"], "")
        if cargo is not None and codigo != cargo:
            continue
        data = data_iso(c["data"])
        assert data is not None
        base = f"correcao-{c['inscricao']}-{data:%Y%m%d}"
        vistas[base] = vistas.get(base, 0) + 1
        atos.append(
            Ato(
                base if vistas[base] == 1 else f"{base}-{vistas[base]}",
                "correcao",
                data,
                codigo,
                f"Correção (inscrição {c['inscricao']}) em {codigo}",
                f"Inscrição {c['inscricao']}: {c['mudanca']}. Vale desta data em diante: as "
                "nomeações já publicadas por portaria não mudam.",
                c["fundamento"],
                reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]),
                indice,
            )
        )
    return atos
