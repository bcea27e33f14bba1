"""Importação do resultado da banca (tudo ou nada) e procedimento por declaração falsa."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from cotas.arquivos.erros import resumir
from cotas.arquivos.esquema import esquema_do_certame
from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.banco import atualizar_estatisticas, inserir_em_massa
from cotas_web.certames import datas
from cotas_web.certames.models import Certame
from cotas_web.certames.services import certame_travar
from cotas_web.ponte import eventos, leis, mudancas, reencenacao, tabela, tela, verificacao
from cotas_web.ponte.erros import ErroCotas
from cotas_web.tarefas import services as tarefas
from cotas_web.tarefas.models import Tarefa, Tipo

from .leitura import ErroEntrada, ErrosDeEntrada, ler_arquivo
from .models import (
    RESULTADOS_DOCUMENTAIS,
    Candidato,
    CorRaca,
    DecisaoFraude,
    Heteroidentificacao,
    Importacao,
    ProcedimentoFraude,
    Situacao,
    rotulo_do_resultado,
)

if TYPE_CHECKING:
    from cotas.apuracao import Conferencia
    from cotas_web.ponte.tipos import Candidato as CandidatoLido
    from cotas_web.ponte.tipos import Regras


@dataclass
class Previa:
    """O que a importação faria: candidatos por cargo, erros e avisos, sem salvar nada; e como o
    arquivo foi lido (título → coluna, padrões das colunas opcionais ausentes, aba)."""

    candidatos: list[Any] = field(default_factory=list)
    erros: list[ErroEntrada] = field(default_factory=list)
    avisos: list[ErroEntrada] = field(default_factory=list)
    cabecalho: tuple[tuple[str, str | None], ...] = ()
    padroes: tuple[str, ...] = ()
    aba: str | None = None
    grupos: tuple[tela.GrupoNaTela, ...] = ()  # os grupos da lei do certame, na ordem dela
    # Quem ainda aguarda a verificação da autodeclaração que a lei exige (a comissão ou a
    # análise documental, feitas depois da importação): não impede importar, impede homologar.
    pendentes: list[ErroEntrada] = field(default_factory=list)
    # Os campos que a lei do certame declara ([[campos]]), (nome, rótulo), na ordem dela.
    campos_da_lei: tuple[tuple[str, str], ...] = ()

    @property
    def erros_na_tela(self) -> list[str]:
        """Os primeiros erros e quantos mais (um arquivo de 6.000 empates não vira 6.000 itens)."""
        return resumir([str(e) for e in self.erros])

    @property
    def pendentes_na_tela(self) -> list[str]:
        return resumir([str(e) for e in self.pendentes], caracteres=300)

    @property
    def verificados(self) -> tuple[tela.GrupoNaTela, ...]:
        """Os grupos cuja verificação a lei exige (a coluna do resultado é obrigatória)."""
        return tuple(g for g in self.grupos if g.verificado)

    @property
    def valida(self) -> bool:
        return not self.erros and bool(self.candidatos)

    @property
    def ignoradas(self) -> list[str]:
        """Os títulos do cabeçalho que não viraram coluna nenhuma."""
        return [titulo for titulo, coluna in self.cabecalho if coluna is None]

    @property
    def linhas(self) -> list[dict[str, Any]]:
        """Cada candidato com as colunas que decidem o resultado, nos rótulos da tela."""
        return self.linhas_da_pagina(0, len(self.candidatos))

    def linhas_da_pagina(self, inicio: int, fim: int) -> list[dict[str, Any]]:
        """As linhas de uma página da prévia (um arquivo de 25 mil linhas não cabe numa)."""
        from .correcoes import PREFIXO_DA_LEI, mostrar

        return [
            {
                "c": c,
                "situacao": Situacao(str(c.situacao)).rotulo,
                "cor_raca": CorRaca(str(c.cor_raca)).rotulo if c.cor_raca else "",
                "reservas": [c.optou(g.nome) for g in self.grupos],
                "verificacoes": [
                    rotulo_do_resultado(str(c.verificacao(g.nome) or ""), g.documental)
                    for g in self.verificados
                ],
                # (como a página do candidato e a correção os mostram)
                "campos": [
                    mostrar(PREFIXO_DA_LEI + nome, dict(c.campos).get(nome))
                    for nome, _ in self.campos_da_lei
                ],
            }
            for c in self.candidatos[inicio:fim]
        ]

    def por_cargo_e_lista(self) -> list[dict[str, Any]]:
        """Por cargo: quantos, quantos aprovados e, entre os aprovados, quantos concorrem à
        reserva de cada grupo da lei (optaram e, se a lei fixa cores, se declararam de uma
        delas), na ordem dos grupos, e à de PcD."""
        contagem: dict[str, dict[str, Any]] = {}
        for c in self.candidatos:
            n = contagem.setdefault(
                c.cargo,
                {
                    "cargo": c.cargo,
                    "total": 0,
                    "aprovados": 0,
                    **{g.nome: 0 for g in self.grupos},
                    "pcd": 0,
                },
            )
            n["total"] += 1
            if c.aprovado:
                n["aprovados"] += 1
                for g in self.grupos:
                    n[g.nome] += int(c.optou(g.nome) and (not g.cores or c.cor_raca in g.cores))
                n["pcd"] += int(c.pcd)
        return [contagem[k] for k in sorted(contagem)]

    def por_cargo(self) -> dict[str, int]:
        contagem: dict[str, int] = {}
        for c in self.candidatos:
            contagem[c.cargo] = contagem.get(c.cargo, 0) + 1
        return contagem


def importacao_previa(
    *,
    certame: Certame,
    caminho: Path,
    nome_arquivo: str,
    aba: str | None = None,
    renomear: dict[str, str] | None = None,
    substitui: int | None = None,
) -> Previa:
    """Lê e confere o arquivo contra o certame (a lei diz se o parecer da comissão é
    obrigatório; os cargos são os do certame); lista cada erro com a linha de origem."""
    regras = leis.regras_do_certame(certame)
    try:
        leitura = ler_arquivo(
            caminho,
            esquema=esquema_do_certame(regras),
            cargos=set(certame.cargos.values_list("codigo", flat=True)),
            nome_exibido=nome_arquivo,
            colunas_desempate=tuple(str(c) for c, _ in certame.desempate),
            aba=aba,
            data_edital=certame.data_edital,
            renomear=renomear,
        )
    except ErrosDeEntrada as erros:
        return Previa(erros=list(erros.erros), avisos=list(erros.avisos))
    previa = Previa(
        candidatos=leitura.candidatos,
        avisos=leitura.avisos,
        cabecalho=leitura.cabecalho,
        padroes=leitura.padroes,
        aba=leitura.aba,
        grupos=tela.grupos_na_tela(regras),
        campos_da_lei=tuple((c.nome, c.rotulo) for c in regras.lei.campos),
    )
    # (Os candidatos da importação que este arquivo substituirá não contam como já importados.)
    existentes = set(
        certame.candidatos.exclude(importacao_id=substitui).values_list("inscricao", flat=True)
        if substitui
        else certame.candidatos.values_list("inscricao", flat=True)
    )
    for c in leitura.candidatos:
        if c.inscricao in existentes:
            previa.erros.append(
                ErroEntrada(
                    nome_arquivo,
                    c.linha,
                    "inscricao",
                    f"inscrição {c.inscricao} já importada neste certame",
                )
            )
    if not leitura.candidatos:
        previa.erros.append(ErroEntrada(nome_arquivo, None, None, "o arquivo não tem candidatos"))
    if not previa.erros:
        conferencia = _conferir_no_motor(
            certame, regras, leitura.candidatos, nome_arquivo, substitui, leitura.colunas
        )
        previa.erros += conferencia.empates + conferencia.outros
        previa.pendentes = conferencia.pendentes
    previa.erros.sort(key=lambda e: (e.linha or 0, str(e.coluna or "")))
    return previa


def _conferir_no_motor(
    certame: Certame,
    regras: Regras,
    candidatos: list[CandidatoLido],
    nome_arquivo: str,
    substitui: int | None,
    colunas: Sequence[CandidatoLido] | None = None,
) -> Conferencia:
    """O que o motor recusaria depois, ao nomear, achado já na prévia, pela mesma regra
    (`cotas.apuracao.conferir_antes_das_nomeacoes`, a de `cotas validar`): as listas de cada
    cargo com os candidatos deste arquivo e os já importados (menos os da importação que ele
    substitui), em colunas como a reencenação as lê do banco. `colunas`: os mesmos candidatos
    já em colunas (a leitura em lote de um CSV grande), sem recriá-los."""
    from cotas.apuracao import Conferencia, conferir_antes_das_nomeacoes

    outros = certame.candidatos.all()
    if substitui:
        outros = outros.exclude(importacao_id=substitui)
    fora: set[str] | None = None
    if outros.exists():
        fora = set(eventos.fatos_do_certame(certame).fora)
        if substitui:
            fora |= set(
                certame.candidatos.filter(importacao_id=substitui).values_list(
                    "inscricao", flat=True
                )
            )
    previa = tabela.tabela_da_previa(
        certame, regras, candidatos, colunas=colunas, importados_menos=fora
    )
    motor = reencenacao.certame_sem_eventos(certame, regras, previa)
    try:
        return conferir_antes_das_nomeacoes(motor, candidatos, nome_arquivo)
    except ErroCotas as erro:  # (o que o motor recusa ao montar o certame)
        return Conferencia(outros=[ErroEntrada(nome_arquivo, None, None, str(erro))])


@transaction.atomic
def importacao_confirmar(
    *,
    usuario: User,
    certame: Certame,
    caminho: Path,
    nome_arquivo: str,
    aba: str | None = None,
    renomear: dict[str, str] | None = None,
    progresso: tarefas.Progresso | None = None,
) -> Importacao:
    """Grava todos os candidatos do arquivo ou nenhum. `renomear`: título do arquivo → coluna
    (o mapeamento escolhido por quem importa); com `progresso`, diz o andamento."""
    certame = certame_travar(certame.pk)
    if certame.homologado:
        raise ValidationError("O certame já foi homologado: não se importam mais candidatos.")
    if progresso is not None:
        progresso.total(0, f"Lendo e conferindo {nome_arquivo}…")
    previa = importacao_previa(
        certame=certame, caminho=caminho, nome_arquivo=nome_arquivo, aba=aba, renomear=renomear
    )
    if not previa.valida:
        # (Todas: quem mostra resume, `comum.mensagens_de` e o fim da tarefa.)
        raise ValidationError([str(e) for e in previa.erros] or ["O arquivo não tem candidatos."])
    if progresso is not None:
        progresso.total(len(previa.candidatos), "Gravando os candidatos…")
    cargos = {c.codigo: c for c in certame.cargos.all()}
    importacao = Importacao.objects.create(
        certame=certame,
        arquivo_nome=nome_arquivo,
        usuario=usuario,
        linhas=len(previa.candidatos),
        avisos=[str(a) for a in previa.avisos],
    )
    inserir_em_massa(
        Candidato,
        _CAMPOS_IMPORTADOS,
        (
            (
                certame.pk,
                cargos[c.cargo].pk,
                importacao.pk,
                c.inscricao,
                c.nome,
                "".join(ch for ch in (c.cpf or "") if ch.isdigit()),
                c.data_nascimento,
                c.nota,
                str(c.situacao),
                str(c.cor_raca) if c.cor_raca else "",
                _json(tuple(g.nome for g in previa.grupos if c.optou(g.nome)), list),
                c.pcd,
                _json(
                    tuple((g.nome, str(v)) for g in previa.grupos if (v := c.verificacao(g.nome))),
                    dict,
                ),
                _json(c.campos, dict),  # os campos que a lei declara, como o arquivo os deu
                c.classificacao,
                json.dumps([[k, str(v)] for k, v in c.desempate]),
                c.opcao_lista or "",
                c.linha,
            )
            for c in _contando(tabela.na_ordem_dos_cargos(previa.candidatos), progresso)
        ),
    )
    # (depois do commit: não alonga a trava do certame)
    transaction.on_commit(lambda: atualizar_estatisticas(Candidato))
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CANDIDATOS_IMPORTADOS,
        descricao=(
            f"Importados {len(previa.candidatos)} candidatos do arquivo {nome_arquivo} "
            f"({', '.join(f'{k}: {v}' for k, v in sorted(previa.por_cargo().items()))})."
        ),
        dados={
            "importacao": importacao.pk,
            "avisos": len(previa.avisos),
            "fatos": pelo_registro.fatos_importacao(importacao),
        },
    )
    return importacao


@lru_cache(maxsize=4096)
def _json(valores: tuple[Any, ...], tipo: type) -> str:
    """O texto JSON das opções, das verificações ou dos campos da lei de uma linha: poucas
    combinações num arquivo inteiro, cada uma escrita uma vez (num milhão de linhas,
    `json.dumps` por linha pesava)."""
    return json.dumps(tipo(valores), ensure_ascii=False)


PASSO_ANDAMENTO = 1000  # linhas gravadas entre dois avanços da barra


def _contando(candidatos: Iterable[Any], progresso: tarefas.Progresso | None) -> Any:
    """Os candidatos, um a um, avançando o andamento a cada PASSO_ANDAMENTO."""
    for i, c in enumerate(candidatos, 1):
        yield c
        if progresso is not None and i % PASSO_ANDAMENTO == 0:
            progresso.avancar(PASSO_ANDAMENTO)


def importacao_grande(caminho: Path) -> bool:
    """Um arquivo que passa do tamanho de `IMPORTACAO_EM_SEGUNDO_PLANO_ACIMA_DE` se importa pela
    fila, com barra de progresso (gravá-lo no pedido passaria de 2 s)."""
    return caminho.stat().st_size > settings.IMPORTACAO_EM_SEGUNDO_PLANO_ACIMA_DE


def importacao_em_segundo_plano(
    *,
    usuario: User,
    certame: Certame,
    caminho: Path,
    nome_arquivo: str,
    aba: str | None = None,
    renomear: dict[str, str] | None = None,
) -> Tarefa:
    """Põe a importação (tudo ou nada, como `importacao_confirmar`) na fila; uma por certame de
    cada vez. O arquivo provisório é apagado quando ela termina."""
    return tarefas.iniciar(
        tipo=Tipo.IMPORTACAO,
        chave=f"importacao:{certame.pk}",
        trabalho="cotas_web.candidatos.services.trabalho_importar",
        certame=certame,
        usuario=usuario,
        parametros={
            "certame": certame.pk,
            "caminho": str(caminho),
            "nome": nome_arquivo,
            "aba": aba,
            "renomear": renomear or {},
        },
    )


def trabalho_importar(tarefa: Tarefa, progresso: tarefas.Progresso) -> tarefas.Resultado:
    p = tarefa.parametros
    caminho = Path(p["caminho"])
    certame = Certame.objects.get(pk=p["certame"])
    if tarefa.iniciada_por is None:  # (a importação é sempre de quem a pediu: `iniciar`)
        raise RuntimeError("Importação na fila sem o usuário que a pediu.")
    try:
        importacao = importacao_confirmar(
            usuario=tarefa.iniciada_por,
            certame=certame,
            caminho=caminho,
            nome_arquivo=p["nome"],
            aba=p["aba"],
            renomear=p.get("renomear") or None,
            progresso=progresso,
        )
    finally:
        caminho.unlink(missing_ok=True)
    return tarefas.Resultado(
        url=reverse("candidatos:lista", args=[certame.pk]),
        mensagem=f"{importacao.linhas} candidatos importados de {p['nome']}.",
    )


# Colunas na ordem das tuplas que `importacao_confirmar` monta (uma por linha do arquivo).
_CAMPOS_IMPORTADOS = (
    "certame",
    "cargo",
    "importacao",
    "inscricao",
    "nome",
    "cpf",
    "data_nascimento",
    "nota",
    "situacao",
    "cor_raca",
    "reservas",
    "pcd",
    "verificacoes",
    "campos",
    "classificacao",
    "desempate",
    "opcao_lista",
    "linha",
)


def _travar_procedimento(procedimento: ProcedimentoFraude) -> ProcedimentoFraude:
    """O certame travado e, só então, o procedimento relido: o que o ato decide é o que está
    gravado agora, não o que a página leu antes (dois atos simultâneos, um de cada vez)."""
    certame_id = Candidato.objects.values_list("certame_id", flat=True).get(
        pk=procedimento.candidato_id
    )
    certame_travar(certame_id)
    return ProcedimentoFraude.objects.select_related("candidato__certame").get(pk=procedimento.pk)


def fundamento_da_falsidade(certame: Certame) -> str:
    regras = leis.regras_do_certame(certame)
    return "; ".join(r.citacao() for r in regras.ref("falsidade"))


@transaction.atomic
def fraude_abrir(
    *, usuario: User, candidato: Candidato, data: date, motivo: str
) -> ProcedimentoFraude:
    certame_travar(candidato.certame_id)
    candidato = Candidato.objects.select_related("certame").get(pk=candidato.pk)
    if candidato.anulado_em:
        raise ValidationError("A inscrição já foi anulada.")
    if candidato.procedimentos.filter(decisao="").exists():
        raise ValidationError("Já há um procedimento em aberto para este candidato.")
    # A declaração falsa é a de quem concorreu à reserva: contra quem não optou por nenhum grupo
    # da lei o procedimento nem se abre (o motor recusaria a anulação na decisão).
    grupos = leis.regras_do_certame(candidato.certame).grupos_da_lei
    if not any(candidato.optou(g.nome) for g in grupos):
        raise ValidationError(
            f"Procedimento recusado: a inscrição {candidato.inscricao} ({candidato.nome}) não "
            "optou pela reserva de nenhum grupo da lei ("
            + ", ".join(tela.rotulo_do_grupo(g.nome) for g in grupos)
            + "); a declaração falsa é a de quem concorreu à reserva ("
            + fundamento_da_falsidade(candidato.certame)
            + ")."
        )
    datas.exigir_entre_edital_e_hoje(
        candidato.certame, data, "Abertura do procedimento (notificação)"
    )
    proc = ProcedimentoFraude.objects.create(candidato=candidato, aberto_em=data, motivo=motivo)
    registrar(
        usuario=usuario,
        certame=candidato.certame,
        acao=AcaoAuditada.FALSIDADE_APURADA,
        descricao=(
            f"Aberto procedimento por suspeita de declaração falsa contra a inscrição "
            f"{candidato.inscricao} ({candidato.nome}); o candidato será notificado para a defesa."
        ),
        fundamento=fundamento_da_falsidade(candidato.certame),
        dados={"procedimento": proc.pk},
    )
    return proc


@transaction.atomic
def fraude_registrar_defesa(
    *, usuario: User, procedimento: ProcedimentoFraude, data: date, defesa: str
) -> ProcedimentoFraude:
    procedimento = _travar_procedimento(procedimento)
    if procedimento.decidido:
        raise ValidationError("O procedimento já foi decidido.")
    datas.exigir_nao_anterior(
        data,
        "Defesa",
        procedimento.aberto_em,
        "a notificação do candidato (abertura do procedimento)",
    )
    datas.exigir_ate_hoje(data, "Defesa")
    procedimento.defesa = defesa
    procedimento.defesa_em = data
    procedimento.save(update_fields=["defesa", "defesa_em"])
    registrar(
        usuario=usuario,
        certame=procedimento.candidato.certame,
        acao=AcaoAuditada.DEFESA_REGISTRADA,
        descricao=(
            f"Registrada a defesa da inscrição {procedimento.candidato.inscricao} "
            f"em {data:%d/%m/%Y} (contraditório e ampla defesa)."
        ),
        fundamento=fundamento_da_falsidade(procedimento.candidato.certame),
        dados={"procedimento": procedimento.pk},
    )
    return procedimento


def _conferir_decisao(
    procedimento: ProcedimentoFraude, data: date, decisao: str, autoridade: str
) -> None:
    """A decisão do procedimento só depois da defesa (contraditório e ampla defesa), em data
    não anterior à notificação nem à defesa, com uma decisão conhecida e a autoridade."""
    if procedimento.decidido:
        raise ValidationError("O procedimento já foi decidido.")
    if procedimento.defesa_em is None:
        raise ValidationError(
            "Registre a defesa do candidato antes de decidir: a decisão exige contraditório e "
            "ampla defesa."
        )
    datas.exigir_nao_anterior(
        data,
        "Decisão do procedimento",
        procedimento.aberto_em,
        "a notificação do candidato (abertura do procedimento)",
    )
    datas.exigir_nao_anterior(
        data, "Decisão do procedimento", procedimento.defesa_em, "a defesa do candidato"
    )
    datas.exigir_ate_hoje(data, "Decisão do procedimento")
    if decisao == DecisaoFraude.FALSIDADE:  # (a anulação de quem ocupa vaga a recompõe)
        for nomeacao in _nomeacoes_que_caem(procedimento.candidato):
            if nomeacao.ocupa_a_vaga:
                datas.exigir_sem_mover_nomeacoes_do_dia(nomeacao.cargo, data, "a anulação")
    if decisao not in DecisaoFraude.values:
        raise ValidationError("Decisão desconhecida.")
    if not autoridade.strip():
        raise ValidationError("Informe a autoridade que decide (cargo e nome).")


def fraude_decisao_conferir(
    *, procedimento: ProcedimentoFraude, data: date, decisao: str, autoridade: str
) -> list[str]:
    """O que a decisão de falsidade recusaria, dito já na página de confirmação (o ato confere
    de novo, sob a trava), e o que ela fará: a inscrição anulada e cada nomeação que cai com
    ela, com a portaria e a vaga."""

    _conferir_decisao(procedimento, data, decisao, autoridade)
    candidato = procedimento.candidato
    linhas = [
        f"Anular a inscrição {candidato.inscricao} — {candidato.nome}, em {data:%d/%m/%Y}, pela "
        f"declaração falsa na autodeclaração, decidida por {autoridade.strip()}, depois da "
        f"notificação de {procedimento.aberto_em:%d/%m/%Y} e da defesa.",
        "O candidato sai de todas as listas do certame.",
    ]
    linhas += [
        f"A nomeação pela Portaria nº {n.portaria}, de {n.data_portaria:%d/%m/%Y} (vaga "
        f"{n.vaga} de {n.cargo.codigo}), fica anulada"
        + ("; a vaga volta a ser preenchida pela lista a que pertence." if n.ocupa_a_vaga else ".")
        for n in _nomeacoes_que_caem(candidato)
    ]
    return linhas


def _nomeacoes_que_caem(candidato: Candidato) -> Any:
    """As nomeações que a anulação por falsidade anula: todas, menos a já anulada e a tornada
    sem efeito (que fica como está, com o ato que a desfez). A que ainda ocupa a vaga
    (`ocupa_a_vaga`) a deixa para ser recomposta."""
    from cotas_web.nomeacoes.models import SituacaoNomeacao

    return (
        candidato.nomeacoes.exclude(
            situacao__in=(SituacaoNomeacao.ANULADA, SituacaoNomeacao.SEM_EFEITO)
        )
        .select_related("cargo")
        .order_by("cargo__codigo", "ordem")
    )


@transaction.atomic
def fraude_decidir(
    *,
    usuario: User,
    procedimento: ProcedimentoFraude,
    data: date,
    decisao: str,
    fundamentacao: str,
    autoridade: str,
) -> ProcedimentoFraude:
    """Declaração falsa: elimina o candidato e anula todo ato posterior, inclusive a nomeação;
    a vaga volta a ser preenchida pela lista certa (parâmetro `falsidade.anulacao`;
    docs/INTERPRETACAO.md#anulacao)."""
    from cotas_web.nomeacoes.models import SituacaoNomeacao

    procedimento = _travar_procedimento(procedimento)
    _conferir_decisao(procedimento, data, decisao, autoridade)
    candidato = procedimento.candidato
    certame = candidato.certame
    procedimento.decisao = decisao
    procedimento.decidido_em = data
    procedimento.fundamentacao = fundamentacao
    procedimento.autoridade = autoridade.strip()
    procedimento.save(update_fields=["decisao", "decidido_em", "fundamentacao", "autoridade"])
    anuladas = 0
    fundamento = fundamento_da_falsidade(certame)
    if decisao == DecisaoFraude.FALSIDADE:
        candidato.anulado_em = data
        with mudancas.mudando(certame.pk, [candidato.pk]):  # (o quadro relê só esta linha)
            candidato.save(update_fields=["anulado_em"])
        anuladas = _nomeacoes_que_caem(candidato).update(
            situacao=SituacaoNomeacao.ANULADA, encerrada_em=data
        )
        descricao = (
            f"Declaração falsa reconhecida: inscrição {candidato.inscricao} ({candidato.nome}) "
            f"anulada em {data:%d/%m/%Y}"
            + (f", com {anuladas} nomeação(ões) anulada(s)" if anuladas else "")
            + "; a vaga será preenchida pela lista a que pertence."
        )
        # O motor confere a anulação (quem optou pela reserva, o registro do procedimento) e dá o
        # fundamento que o histórico guarda; recusada, a transação desfaz tudo.
        motor = reencenacao.conferir_no_motor(certame)
        razao = reencenacao.razao_da_saida(motor, "anulacao", candidato.inscricao)
        fundamento = razao.fundamento_curto() if razao is not None else fundamento
    else:
        descricao = (
            f"Procedimento contra a inscrição {candidato.inscricao} julgado improcedente: "
            "declaração mantida."
        )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.FALSIDADE_DECIDIDA,
        descricao=descricao,
        fundamento=fundamento,
        dados={
            "procedimento": procedimento.pk,
            "decisao": decisao,
            "nomeacoes": anuladas,
            "fatos": pelo_registro.fatos_anulacao(candidato, decisao),
        },
    )
    return procedimento


@transaction.atomic
def fraude_encaminhar(
    *, usuario: User, procedimento: ProcedimentoFraude, data: date, orgao: str
) -> ProcedimentoFraude:
    """Envio da documentação aos órgãos responsáveis (parâmetro `falsidade.encaminhamento`)."""
    procedimento = _travar_procedimento(procedimento)
    if procedimento.encaminhado_em is not None:
        raise ValidationError(
            f"A documentação já foi encaminhada a {procedimento.encaminhado_a} em "
            f"{procedimento.encaminhado_em:%d/%m/%Y}."
        )
    procedimento.encaminhado_a = orgao
    procedimento.encaminhado_em = data
    procedimento.save(update_fields=["encaminhado_a", "encaminhado_em"])
    regras = leis.regras_do_certame(procedimento.candidato.certame)
    registrar(
        usuario=usuario,
        certame=procedimento.candidato.certame,
        acao=AcaoAuditada.FALSIDADE_ENCAMINHADA,
        descricao=(
            f"Documentação da inscrição {procedimento.candidato.inscricao} encaminhada a "
            f"{orgao} em {data:%d/%m/%Y} para apuração de crime."
        ),
        fundamento="; ".join(r.citacao() for r in regras.ref("encaminhamento")),
        dados={"procedimento": procedimento.pk},
    )
    return procedimento


# -- prévias de importação (dados pessoais em disco) ------------------------------------------
def gravar_previa(caminho: Path, pedacos: Iterable[bytes]) -> None:
    """O arquivo enviado, legível só pelo dono do processo (tem CPF, cor/raça, deficiência)."""
    descritor = os.open(caminho, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descritor, "wb") as destino:
        for pedaco in pedacos:
            destino.write(pedaco)


def limpar_previas(pasta: Path, horas: float | None = None) -> int:
    """Apaga as prévias com mais de `horas` (padrão: `COTAS_PREVIAS_HORAS`); quantas apagou.
    As de uma importação confirmada, ou recusada, já saem na hora; estas são as esquecidas."""
    from django.conf import settings

    limite = time.time() - 3600 * (settings.COTAS_PREVIAS_HORAS if horas is None else horas)
    apagadas = 0
    for arquivo in pasta.glob("*") if pasta.is_dir() else ():
        try:
            if arquivo.is_file() and arquivo.stat().st_mtime < limite:
                arquivo.unlink()
                apagadas += 1
        except OSError:
            continue  # (outra limpeza chegou antes)
    return apagadas


@transaction.atomic
def verificacao_documental_registrar(
    *,
    usuario: User,
    candidato: Candidato,
    grupo: str,
    resultado: str,
    data: date,
    fundamentacao: str,
) -> Candidato:
    """A análise documental de um grupo que a lei verifica por documentos
    (`<grupo>.verificacao = "documental"`), registrada pelo RH: sob a trava do certame (dois
    registros simultâneos, um de cada vez: o segundo acha o primeiro), com o dispositivo da lei
    e reencenada no motor antes de gravar o registro."""
    certame = certame_travar(candidato.certame_id)
    candidato = Candidato.objects.select_related("certame").get(pk=candidato.pk)
    regras = leis.regras_do_certame(certame)
    regra = next((g for g in verificacao.grupos_documentais(regras) if g.nome == grupo), None)
    if regra is None:
        raise ValidationError(
            f"{regras.lei.titulo} não verifica por documentos o grupo “{grupo}”: "
            + (
                ", ".join(g.rotulo for g in verificacao.grupos_documentais(regras))
                or "nenhum grupo desta lei"
            )
            + " se verifica assim."
        )
    rotulo = tela.rotulo_do_grupo(grupo)
    if certame.homologado:
        raise ValidationError(
            "A verificação ocorre antes de homologada a classificação final; este certame já "
            "foi homologado."
        )
    if candidato.anulado_em:
        raise ValidationError("A inscrição foi anulada.")
    if not candidato.optou(grupo):
        raise ValidationError(
            f"A inscrição {candidato.inscricao} não optou pela reserva para {rotulo}."
        )
    if resultado not in RESULTADOS_DOCUMENTAIS:
        raise ValidationError("Informe se os documentos comprovam a condição ou não.")
    datas.exigir_entre_edital_e_hoje(certame, data, "Verificação documental")
    anterior = candidato.verificacao(grupo)
    if anterior and anterior != Heteroidentificacao.PENDENTE:
        raise ValidationError(
            f"A verificação documental da inscrição {candidato.inscricao} ({rotulo}) já foi "
            f"registrada: {Heteroidentificacao(anterior).rotulo}."
        )
    candidato.gravar_verificacao(grupo, resultado)
    reencenacao.conferir_no_motor(certame)
    fundamento = "; ".join(r.citacao() for r in regra.ref("verificacao")) or regras.lei.norma
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.VERIFICACAO_DOCUMENTAL_REGISTRADA,
        descricao=(
            f"Verificação documental da inscrição {candidato.inscricao} ({candidato.nome}), "
            f"{rotulo}, em {data:%d/%m/%Y}: {Heteroidentificacao(resultado).rotulo}. "
            f"{fundamentacao}"
        ),
        fundamento=fundamento,
        dados={"fatos": pelo_registro.fatos_parecer(candidato, grupo, resultado)},
    )
    return candidato
