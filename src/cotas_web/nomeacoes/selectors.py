"""As próximas nomeações propostas pelo motor e os atos já confirmados, por cargo."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Cargo, Certame
from cotas_web.ponte import reencenacao
from cotas_web.ponte.erros import ErroCotas
from cotas_web.rotulos import numero_da_portaria, rotulo_lista

from .models import Desistencia, Nomeacao, OfertaVagas, SituacaoNomeacao


@dataclass(frozen=True)
class Proposta:
    cargo: Cargo
    ordem: int
    vaga: int
    inscricao: str
    candidato: Candidato | None
    modalidade: str
    reservada_para: str
    substitui: str
    razao: str
    fundamento: str

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_lista(self.modalidade)

    @property
    def reservada_rotulo(self) -> str:
        return rotulo_lista(self.reservada_para)


@dataclass
class PainelCargo:
    cargo: Cargo
    ofertadas: int = 0
    propostas: list[Proposta] = field(default_factory=list)
    atos: list[Nomeacao] = field(default_factory=list)

    @property
    def em_vigor(self) -> int:
        """Nomeações que ocupam a vaga hoje (nomeados e empossados)."""
        return sum(a.situacao in _OCUPAM for a in self.atos)

    @property
    def sem_nomeado(self) -> int:
        """Vagas ofertadas sem nomeação em vigor: as que as próximas nomeações preenchem (menos,
        se a lista de onde viriam se esgotou: o cargo aberto o mostra)."""
        return max(self.ofertadas - self.em_vigor, 0)


_OCUPAM = (SituacaoNomeacao.NOMEADO, SituacaoNomeacao.EMPOSSADO)


@dataclass
class Painel:
    cargos: list[PainelCargo]
    edital_ofertado: bool
    erro: str = ""
    # As novas vagas e as desistências registradas (em vigor ou tornadas sem efeito).
    novas_ofertas: list[OfertaVagas] = field(default_factory=list)
    desistencias: list[Desistencia] = field(default_factory=list)


def _texto(v: Any) -> str:
    return "" if v is None else str(v)


def nomeacao_que_conta(*, cargo_id: int, inscricao: str) -> Nomeacao | None:
    """A nomeação da inscrição no cargo que impede outra (em vigor, ou encerrada sem ter ido ao
    final da lista; a tornada sem efeito não conta): a mesma regra do índice único do banco,
    `candidato_nomeado_uma_vez_por_cargo`."""
    return (
        Nomeacao.objects.filter(cargo_id=cargo_id, candidato__inscricao=inscricao)
        .exclude(situacao__in=(SituacaoNomeacao.FINAL_DE_FILA, SituacaoNomeacao.SEM_EFEITO))
        .first()
    )


def portarias_em_vigor(
    *, certame: Certame, inscricoes: set[str] | None = None
) -> dict[tuple[str, str], tuple[str, date]]:
    """(cargo, inscrição) → (número, data) da portaria em vigor que nomeou (a tornada sem efeito
    não é ato em vigor): o "Ato" dos documentos publicados e os campos da API. `inscricoes`:
    só as delas (uma página da API)."""
    em_vigor = Nomeacao.objects.filter(cargo__certame=certame).exclude(
        situacao=SituacaoNomeacao.SEM_EFEITO
    )
    if inscricoes is not None:
        em_vigor = em_vigor.filter(candidato__inscricao__in=inscricoes)
    linhas = em_vigor.values_list(
        "cargo__codigo", "candidato__inscricao", "portaria", "data_portaria"
    )
    return {(c, i): (numero_da_portaria(p), d) for c, i, p, d in linhas}


def painel_nomeacoes(
    *, certame: Certame, cargo: str | None = None, com_propostas: bool = True
) -> Painel:
    """Os atos de cada cargo e as propostas do motor: de todos, de um só (`cargo`: o ato de um
    cargo não lê o livro dos outros) ou de nenhum (`com_propostas=False`: o resumo de um
    certame de centenas de cargos sai só do banco, sem abrir o livro de cada um)."""
    cargos = list(certame.cargos.all())
    if cargo is not None:
        cargos = [c for c in cargos if c.codigo == cargo]
    ofertas = OfertaVagas.objects.filter(cargo__certame=certame)
    paineis = {
        c.codigo: PainelCargo(
            cargo=c,
            ofertadas=sum(
                o.quantidade for o in ofertas if o.cargo_id == c.pk and o.sem_efeito_em is None
            ),
        )
        for c in cargos
    }
    atos = (
        Nomeacao.objects.filter(cargo__in=cargos)
        .select_related("candidato", "cargo", "substitui__candidato")
        .order_by("cargo__codigo", "ordem")
    )
    for ato in atos:
        paineis[ato.cargo.codigo].atos.append(ato)
    edital = ofertas.filter(do_edital=True).exists()
    painel = Painel(
        cargos=list(paineis.values()),
        edital_ofertado=edital,
        novas_ofertas=list(ofertas.filter(do_edital=False).select_related("cargo")),
        desistencias=list(
            Desistencia.objects.filter(certame=certame).select_related("candidato__cargo")
        ),
    )
    if not edital or not com_propostas or not cargos:
        return painel
    try:
        propostas = propostas_do_motor(
            certame=certame, cargo=cargos[0] if cargo is not None else None
        )
    except ErroCotas as erro:
        painel.erro = str(erro)
        return painel
    for p in propostas:
        paineis[p.cargo.codigo].propostas.append(p)
    return painel


def propostas_do_motor(*, certame: Certame, cargo: Cargo | None = None) -> list[Proposta]:
    """Nomeações que o motor faz e que ainda não são atos: quem, qual vaga, qual lista, por quê
    (de todos os cargos, ou só do `cargo`: o ato de um cargo não lê o livro dos outros)."""
    motor = reencenacao.reencenar(certame)
    do_certame = certame.cargos.all() if cargo is None else [cargo]
    cargos = {c.codigo: c for c in do_certame}
    # Quantos atos cada inscrição já tem no cargo: quem foi ao final da fila pode ser nomeado
    # de novo, e só a nomeação seguinte do motor é proposta.
    # A nomeação tornada sem efeito não conta: a vaga volta a ser proposta.
    atos = Nomeacao.objects.filter(cargo__certame=certame)
    if cargo is not None:
        atos = atos.filter(cargo=cargo)
    confirmadas = Counter(
        atos.exclude(situacao=SituacaoNomeacao.SEM_EFEITO).values_list(
            "cargo__codigo", "candidato__inscricao"
        )
    )
    fora = set(
        Desistencia.objects.filter(certame=certame, sem_efeito_em__isnull=True).values_list(
            "candidato__inscricao", flat=True
        )
    ) | set(
        Candidato.objects.filter(certame=certame, anulado_em__isnull=False).values_list(
            "inscricao", flat=True
        )
    )
    propostas: list[tuple[Cargo, Any]] = []
    for codigo, cargo in cargos.items():
        for n in motor.nomeacoes(codigo):
            if confirmadas[(codigo, n.inscricao)] > 0:
                confirmadas[(codigo, n.inscricao)] -= 1
                continue
            if n.inscricao not in fora:
                propostas.append((cargo, n))
    # Só os candidatos propostos saem do banco (um certame nacional tem milhões de inscritos).
    candidatos = _candidatos_por_inscricao(certame, [n.inscricao for _, n in propostas])
    saida = [
        Proposta(
            cargo=cargo,
            ordem=n.ordem,
            vaga=n.vaga,
            inscricao=n.inscricao,
            candidato=candidatos.get(n.inscricao),
            modalidade=_texto(n.modalidade),
            reservada_para=_texto(n.reservada_para),
            substitui=_texto(n.substitui),
            razao=n.razao.texto,
            fundamento=n.razao.fundamento_curto(),
        )
        for cargo, n in propostas
    ]
    saida = _com_a_pretericao(certame, motor, saida)
    saida.sort(key=lambda p: (p.cargo.codigo, p.ordem))
    return saida


_LOTE_BUSCA = 2000  # inscrições por consulta: abaixo do limite de parâmetros do SQLite


def _candidatos_por_inscricao(certame: Certame, inscricoes: list[str]) -> dict[str, Candidato]:
    achados: dict[str, Candidato] = {}
    for k in range(0, len(inscricoes), _LOTE_BUSCA):
        for c in Candidato.objects.filter(
            certame=certame, inscricao__in=inscricoes[k : k + _LOTE_BUSCA]
        ):
            achados[c.inscricao] = c
    return achados


def _com_a_pretericao(certame: Certame, motor: Any, propostas: list[Proposta]) -> list[Proposta]:
    """A primeira nomeação proposta a quem uma correção depois da homologação preteriu diz, no
    seu "Por quê", a correção e a vaga que pela classificação de hoje seria dele (gravadas no
    registro da correção: `candidatos.consequencias.preterimentos`)."""
    from cotas_web.auditoria.acoes import AcaoAuditada
    from cotas_web.auditoria.models import Registro
    from cotas_web.candidatos.consequencias import razao_do_preterido
    from cotas_web.rotulos import por_extenso

    registros = Registro.objects.filter(
        certame=certame, acao=AcaoAuditada.CANDIDATO_CORRIGIDO.value, dados__has_key="preteridos"
    ).order_by("id")
    frases: dict[tuple[str, str], str] = {}
    criterio = por_extenso(motor.parametros.preterido)
    for dados in registros.values_list("dados", flat=True):
        data = date.fromisoformat(dados["fatos"]["data"])
        for p in dados["preteridos"]:
            if p.get("primeira"):
                frases[(p["cargo"], p["inscricao"])] = razao_do_preterido(
                    p, f"{data:%d/%m/%Y}", criterio
                )
    if not frases:
        return propostas
    saida, vistas = [], set()
    for p in sorted(propostas, key=lambda p: (p.cargo.codigo, p.ordem)):
        chave = (p.cargo.codigo, p.inscricao)
        if chave in frases and chave not in vistas:
            vistas.add(chave)
            p = replace(p, razao=f"{p.razao} {frases[chave]}")
        saida.append(p)
    return saida
